/** The refresh-token grant at the embedded provider, as the web app's client sends it. */
export const refresh = (origin: string, refreshToken: string): Promise<Response> =>
  fetch(`${origin}/realms/portal/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: "benutzerverwaltung",
    }),
  });
