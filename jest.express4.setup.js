/**
 * Setup for the `express-4` Jest project: tests known to fail under Express 4 run as `it.failing`,
 * so the suite stays green while the defect is recorded — and turns red the day it is fixed, as a
 * reminder to delete the entry. Keys are full test names (describe titles + test title).
 */
const KNOWN_FAILURES = new Set([
  // body-parser 1.x (Express 4) sets req.body = {} even when its type does not match, so the
  // router dispatches {} instead of reading the stream (400 "jsonrpc must be 2.0"). Express 5's
  // body-parser 2.x leaves req.body undefined.
  'mcpRouter: body handling works after express.text() with its default type (the JSON body is left to the router)',
]);

const describeStack = [];
const originalDescribe = globalThis.describe;
globalThis.describe = new Proxy(originalDescribe, {
  apply(target, thisArg, [name, fn, ...rest]) {
    return Reflect.apply(target, thisArg, [name, function (...args) {
      describeStack.push(String(name));
      try {
        return fn.apply(this, args);
      } finally {
        describeStack.pop();
      }
    }, ...rest]);
  },
});

function markKnownFailures(original) {
  return new Proxy(original, {
    apply(target, thisArg, [name, ...rest]) {
      const fullName = [...describeStack, String(name)].join(' ');
      if (KNOWN_FAILURES.has(fullName)) return Reflect.apply(target.failing, thisArg, [name, ...rest]);
      return Reflect.apply(target, thisArg, [name, ...rest]);
    },
  });
}
globalThis.it = markKnownFailures(globalThis.it);
globalThis.test = markKnownFailures(globalThis.test);
