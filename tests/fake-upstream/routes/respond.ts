import type { RouteResponse } from "../types";

export const JSON_TYPE = "application/json; charset=utf-8";

export function json(
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): RouteResponse {
  return {
    status,
    body: typeof body === "string" ? body : JSON.stringify(body),
    contentType: JSON_TYPE,
    headers,
  };
}

export function text(
  status: number,
  body: string,
  headers?: Record<string, string>,
): RouteResponse {
  return { status, body, contentType: "text/plain; charset=utf-8", headers };
}

export function html(status: number, title: string): RouteResponse {
  const body =
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
    `<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status, body, contentType: "text/html", headers: undefined };
}
