/**
 * taskRunnerProcess: one server instance for the two-process tests — a RedisTaskStore driven
 * by IPC messages from the test (the MCP wiring does not exist yet). Messages in:
 * `{ id, op: 'connect', options }`, `{ id, op: 'call', method, args }`, `{ id, op: 'many',
 * method, argsList }` (all calls at once). Out: `{ id, value }` or `{ id, error }`, and
 * `{ event }` for every store event. With `autoCancel`, a cancel event is answered by
 * `markCancelled` and reported as `{ event: { type: 'settled', taskId, applied } }`.
 */
const { RedisTaskStore } = require('@toolwire/redis');

let store;

function send(message) {
  if (process.connected) process.send(message);
}

async function handle(message) {
  if (message.op === 'connect') {
    const { autoCancel, ...options } = message.options;
    store = await RedisTaskStore.connect({ ...options, onError: (error) => process.stderr.write(`runner: ${error}\n`) });
    store.subscribe((event) => {
      send({ event });
      if (autoCancel && event.type === 'cancel') {
        store.markCancelled(event.taskId, 'cancelled on request').then((applied) => send({ event: { type: 'settled', taskId: event.taskId, applied } }));
      }
    });
    return store.instanceId;
  }
  if (message.op === 'call') return store[message.method](...message.args);
  if (message.op === 'many') return Promise.all(message.argsList.map((args) => store[message.method](...args)));
  throw new Error(`unknown op ${message.op}`);
}

process.on('message', (message) => {
  handle(message).then(
    (value) => send({ id: message.id, value: value === undefined ? null : value }),
    (error) => send({ id: message.id, error: String(error && error.stack ? error.stack : error) }),
  );
});

process.on('disconnect', () => {
  Promise.resolve(store && store.close()).finally(() => process.exit(0));
});
