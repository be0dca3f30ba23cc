// The sign-in load generator of bench/src/benchmarks/identity.ts, run in its own process so that the clients and
// the service do not share an event loop (in one process, early requests of a burst waited for the loop far
// longer than the service took to answer, and the figures measured the client). Plain JavaScript so it starts
// without a loader. Input: one JSON argument { url, clientId, concurrency, total, users: [{ email, password }] }.
// Output: one JSON line { seconds, latenciesUs, tokens }.
import { Agent, request } from 'node:http';

const { url, clientId, concurrency, total, users } = JSON.parse(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function signIn(user) {
  const body = JSON.stringify({
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const parsed = JSON.parse(text);
          if (response.statusCode !== 200 || !parsed.AuthenticationResult) {
            reject(new Error(`sign-in failed: ${response.statusCode} ${text}`));
          } else {
            resolve(parsed.AuthenticationResult.AccessToken);
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const latenciesUs = [];
const tokens = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const user = users[next % users.length];
      next += 1;
      const begin = performance.now();
      tokens.push(await signIn(user));
      latenciesUs.push((performance.now() - begin) * 1000);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
process.stdout.write(`${JSON.stringify({ seconds, latenciesUs, tokens })}\n`);
