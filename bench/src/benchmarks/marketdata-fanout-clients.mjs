// The websocket clients of bench/src/benchmarks/marketdata-fanout.ts, run in their own process (and worker threads
// in it) so that the server's event loop is measured alone. Plain JavaScript so it starts without a loader.
//
// Input: one JSON argument { url, clients, slowShare, workers, subscriptions: [[{ channel, productId }, ...], ...],
// slowSubscriptions?, clockOffsetMs, durationMs }. Client i subscribes to subscriptions[i % subscriptions.length]
// (a slow client to slowSubscriptions when given). A slow client stops
// reading as soon as its subscription is acknowledged (its TCP socket is paused: the kernel buffers fill, then the
// server's). Output on stdout, one JSON line each: { type: 'ready', connected } once every client is subscribed,
// then { type: 'done', ... } with the counts and the latency histogram of the measured window.
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const HISTOGRAM_MS = 10_000;
const CONNECT_IN_FLIGHT = 100;

if (isMainThread) {
  const input = JSON.parse(process.argv[2]);
  const workers = Math.max(1, Math.min(input.workers ?? availableParallelism(), 4));
  const perWorker = Math.ceil(input.clients / workers);
  const results = [];
  let cpuAtStart = process.cpuUsage();
  let windowStartedAt = Date.now();
  let ready = 0;
  let connected = 0;
  const threads = [];
  for (let index = 0; index < workers; index += 1) {
    const first = index * perWorker;
    const count = Math.min(perWorker, input.clients - first);
    const thread = new Worker(new URL(import.meta.url), { workerData: { ...input, first, count } });
    threads.push(thread);
    thread.on('message', (message) => {
      if (message.type === 'ready') {
        ready += 1;
        connected += message.connected;
        if (ready === workers) {
          cpuAtStart = process.cpuUsage();
          windowStartedAt = Date.now();
          process.stdout.write(`${JSON.stringify({ type: 'ready', connected })}\n`);
          for (const each of threads) {
            each.postMessage({ type: 'measure' });
          }
        }
      } else if (message.type === 'done') {
        results.push(message);
        if (results.length === workers) {
          const cpu = process.cpuUsage(cpuAtStart);
          const merged = merge(results);
          // The clients' own CPU (every thread of this process): when it nears the cores left by the server, the
          // latency measured includes the clients' queueing, not only the server's.
          merged.clientCpuPercent = Math.round(
            ((cpu.user + cpu.system) / 1000 / (Date.now() - windowStartedAt)) * 100,
          );
          process.stdout.write(`${JSON.stringify(merged)}\n`);
          process.exit(0);
        }
      }
    });
    thread.on('error', (error) => {
      process.stderr.write(`client worker failed: ${error.stack}\n`);
      process.exit(1);
    });
  }
} else {
  await runWorker(workerData);
}

function merge(results) {
  const histogram = new Array(HISTOGRAM_MS + 1).fill(0);
  const total = {
    type: 'done',
    received: 0,
    samples: 0,
    windowMs: 0,
    fastClients: 0,
    slowClients: 0,
    channelCountMax: 0,
    fastClosed: 0,
    slowClosed: 0,
    closeCodes: {},
    silentChannels: 0,
  };
  for (const result of results) {
    for (const key of [
      'received',
      'samples',
      'fastClients',
      'slowClients',
      'fastClosed',
      'slowClosed',
      'silentChannels',
    ]) {
      total[key] += result[key];
    }
    total.windowMs = Math.max(total.windowMs, result.windowMs);
    total.channelCountMax = Math.max(total.channelCountMax, result.channelCountMax);
    for (const [code, count] of Object.entries(result.closeCodes)) {
      total.closeCodes[code] = (total.closeCodes[code] ?? 0) + count;
    }
    result.histogram.forEach((count, index) => (histogram[index] += count));
  }
  total.histogram = histogram;
  return total;
}

async function runWorker({
  url,
  first,
  count,
  slowShare,
  subscriptions,
  slowSubscriptions,
  clockOffsetMs,
  durationMs,
}) {
  const histogram = new Uint32Array(HISTOGRAM_MS + 1);
  const state = { measuring: false, received: 0, samples: 0 };
  const clients = [];
  const slowEvery = slowShare > 0 ? Math.round(1 / slowShare) : 0;
  const open = (index) =>
    new Promise((resolve) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const slow = slowEvery > 0 && index % slowEvery === slowEvery - 1;
      const wanted =
        slow && slowSubscriptions ? slowSubscriptions : subscriptions[index % subscriptions.length];
      const client = { socket, slow, channels: new Map(), closedCode: null };
      clients.push(client);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', channels: wanted })));
      socket.on('message', (data) => {
        // `{"type":"update"` or `{"type":"snapshot"`: the 10th byte tells them from the rest.
        const kind = data[9];
        if (kind === 115 /* s: subscribed or snapshot */ && data[10] === 117 /* u: subscribed */) {
          if (slow) {
            // Stop reading: the kernel's buffers fill, then the server's.
            socket._socket.pause();
          }
          resolve();
          return;
        }
        if (kind !== 117 /* u: update */ || !state.measuring || slow) {
          return;
        }
        state.received += 1;
        // `{"type":"update","channel":"<channel>","productId":"<product>"`: the channel starts at byte 28.
        const channelEnd = data.indexOf(34, 28);
        const productEnd = data.indexOf(34, channelEnd + 15);
        const channelKey = data.toString('latin1', 28, productEnd);
        client.channels.set(channelKey, (client.channels.get(channelKey) ?? 0) + 1);
        // The data's `timeMs` is the tick's time on the server's (offset) clock.
        const at = data.lastIndexOf('"timeMs":');
        if (at > 0) {
          let value = 0;
          for (let position = at + 9; position < data.length; position += 1) {
            const digit = data[position] - 48;
            if (digit < 0 || digit > 9) {
              break;
            }
            value = value * 10 + digit;
          }
          const latencyMs = Math.max(
            0,
            Math.min(HISTOGRAM_MS, Math.round(Date.now() + clockOffsetMs - value)),
          );
          histogram[latencyMs] += 1;
          state.samples += 1;
        }
      });
      socket.on('close', (code) => {
        client.closedCode = code;
        resolve();
      });
      socket.on('error', () => resolve());
    });
  for (let start = 0; start < count; start += CONNECT_IN_FLIGHT) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + CONNECT_IN_FLIGHT); index += 1) {
      batch.push(open(first + index));
    }
    await Promise.all(batch);
  }
  parentPort.postMessage({
    type: 'ready',
    connected: clients.filter((client) => client.closedCode === null).length,
  });
  await new Promise((resolve) => parentPort.once('message', resolve));
  state.measuring = true;
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  state.measuring = false;
  const windowMs = Date.now() - started;
  const fast = clients.filter((client) => !client.slow);
  const closeCodes = {};
  for (const client of clients) {
    if (client.closedCode !== null) {
      closeCodes[client.closedCode] = (closeCodes[client.closedCode] ?? 0) + 1;
    }
  }
  let channelCountMax = 0;
  let silentChannels = 0;
  for (const client of fast) {
    for (const received of client.channels.values()) {
      channelCountMax = Math.max(channelCountMax, received);
    }
    silentChannels += Math.max(0, subscriptions[0].length - client.channels.size);
  }
  parentPort.postMessage({
    type: 'done',
    received: state.received,
    samples: state.samples,
    windowMs,
    fastClients: fast.length,
    slowClients: clients.length - fast.length,
    fastClosed: fast.filter((client) => client.closedCode !== null).length,
    slowClosed: clients.filter((client) => client.slow && client.closedCode !== null).length,
    closeCodes,
    channelCountMax,
    silentChannels,
    histogram: Array.from(histogram),
  });
  for (const client of clients) {
    client.socket.terminate();
  }
}
