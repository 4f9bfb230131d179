// A real OAuth 2 authorization server for the tests: oauth2-mock-server (ES modules only, so it
// runs in its own process) on 127.0.0.1, port 0, issuer set to http://127.0.0.1:<port> (the
// library would name it localhost). The parent asks over IPC for tokens with the claims a test
// needs: { id, type: 'token', aud?, scope?, expiresIn?, foreign?, claims? } → { id, token };
// { id, type: 'rotate' } → a new signing key (the old one leaves the JWKS) → { id, kid };
// { id, type: 'issuer', url } → the issuer (tokens' iss, the metadata's issuer and jwks_uri) becomes
// url, for a test that puts a server of its own in front of this one → { id }.
import { JWKStore, OAuth2Issuer, OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
let kid = (await server.issuer.keys.generate('RS256')).kid;
const foreign = new OAuth2Issuer(); // signs with a key the JWKS never lists
await foreign.keys.generate('RS256');
await server.start(0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
server.issuer.url = url;
foreign.url = url;

process.on('message', async (message) => {
  try {
    if (message.type === 'rotate') {
      // a new key store with one new key: the old key leaves the JWKS
      const store = new JWKStore();
      kid = (await store.generate('RS256')).kid;
      Object.defineProperty(server.issuer, 'keys', { value: store, configurable: true });
      process.send({ id: message.id, kid });
      return;
    }
    if (message.type === 'issuer') {
      server.issuer.url = message.url;
      foreign.url = message.url;
      process.send({ id: message.id });
      return;
    }
    const issuer = message.foreign ? foreign : server.issuer;
    const token = await issuer.buildToken({
      kid: message.foreign ? undefined : kid,
      expiresIn: message.expiresIn ?? 3600,
      scopesOrTransform: (_header, payload) => {
        if (message.aud !== undefined) payload.aud = message.aud;
        if (message.scope !== undefined) payload.scope = message.scope;
        Object.assign(payload, message.claims ?? {});
      },
    });
    process.send({ id: message.id, token });
  } catch (error) {
    process.send({ id: message.id, error: String(error) });
  }
});
process.on('disconnect', () => server.stop().then(() => process.exit(0)));
process.send({ type: 'ready', url });
