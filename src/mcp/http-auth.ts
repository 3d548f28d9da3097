// What guards `healthdata mcp --http`: one credential mode per server, the bearer token of the
// config file (./bearer.ts) or OAuth access tokens from the owner's authorization server
// (./oauth/). serve-http.ts asks it of every request to the MCP endpoint, on the headers alone,
// before the SDK sees the request: a refused request is never read further.
export interface HttpAuth {
  /** undefined lets the request in; a Response (401, 403, 503) is the answer instead. */
  check(authorization: string | undefined): Promise<Response | undefined>;
  /**
   * A document served to anyone, without a credential (OAuth's protected resource metadata,
   * RFC 9728), or undefined when `request` asks for none.
   */
  publicDocument?(request: Request): Response | undefined;
  /** Host names a request may name besides loopback's: the public name behind a proxy. */
  hostnames?: readonly string[];
}
