/**
 * index.html's first script (landing-preload.ts) sends a signed-in visit's first GETs before the
 * app's code has downloaded, and leaves them here by path, with the token it used.
 */
export const EARLY_RESPONSES_KEY = '__wellbankEarlyResponses';

interface EarlyResponse {
  token: string;
  response: Promise<Response>;
}

/** The response to a GET that index.html already sent with this token; each is used once. */
export function takeEarlyResponse(path: string, token: string): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_RESPONSES_KEY] as
    | Record<string, EarlyResponse>
    | undefined;
  const found = early?.[path];
  if (!early || !found) return undefined;
  delete early[path];
  // Signed out and in as someone else since: that answer belongs to the other account.
  return found.token === token ? found.response : undefined;
}
