import { OAuth2Server } from 'oauth2-mock-server';

export interface MockIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A local OpenID provider standing in for Google (oauth2-mock-server): discovery, authorize with
 * PKCE, token with a signed id_token carrying `identity` (set it before each sign-in).
 */
export async function startOidcMock() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const state: { identity: MockIdentity; authorizeQueries: URLSearchParams[] } = {
    identity: { sub: 'google-0', email: 'nobody@example.com', email_verified: true, name: 'Nobody' },
    authorizeQueries: [],
  };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, state.identity);
  });
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...state.identity };
  });
  return {
    issuer: server.issuer.url!,
    state,
    stop: () => server.stop(),
  };
}
