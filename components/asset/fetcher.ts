/** The one SWR fetcher of the asset page: GET JSON from our own API, user-safe errors. */

export class FetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The error body, when the service sent JSON (e.g. a 404's suggestions). */
    readonly body: unknown = null,
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
    throw new FetchError(messageOf(body, res.status), res.status, body);
  }
  return (await res.json()) as T;
}
