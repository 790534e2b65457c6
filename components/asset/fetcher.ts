/** The one SWR fetcher of the asset page: GET JSON from our own API, user-safe errors. */

export class FetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === "object" && "error" in body) {
    const err = (body as { error?: { message?: unknown } }).error;
    if (err && typeof err.message === "string") return err.message;
  }
  return `The service answered with HTTP ${status}.`;
}

export async function fetchJson<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" } });
  } catch {
    throw new FetchError("The service could not be reached.", 0);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new FetchError(messageOf(body, res.status), res.status);
  }
  return (await res.json()) as T;
}
