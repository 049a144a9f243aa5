// Preloaded (`node --import`) into a tool a test runs, such as the OpenAPI linter: every
// connection to another machine is refused and named on stderr, so the test sees that the tool
// works offline (tests talk to loopback only).
import net from "node:net";

const loopback = /^(127\.|::1$|localhost$)/;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = typeof args[0] === "object" && args[0] !== null ? args[0] : { host: args[1] };
  const host = options.host ?? "localhost";
  if (options.path === undefined && !loopback.test(host)) {
    process.stderr.write(`network attempt: ${host}\n`);
    this.destroy(new Error(`no network in tests (${host})`));
    return this;
  }
  return connect.apply(this, args);
};
