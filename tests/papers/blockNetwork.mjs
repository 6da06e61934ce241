// Preloaded (node --import) into a child process and, through execArgv, into its worker threads:
// any network attempt is recorded in $BLOCK_NETWORK_LOG and fails. The OCR offline test reads the log.
import dns from "node:dns";
import fs from "node:fs";
import net from "node:net";
import { threadId } from "node:worker_threads";

const log = process.env.BLOCK_NETWORK_LOG;
const note = (line) => log && fs.appendFileSync(log, `${line}\n`);
note(`loaded thread=${threadId}`);
const refuse = (what) => {
  note(`network thread=${threadId} ${what}`);
  throw new Error(`network is blocked in this test: ${what}`);
};
net.Socket.prototype.connect = function connect() {
  refuse("net.connect");
};
dns.lookup = (host) => refuse(`dns.lookup ${host}`);
globalThis.fetch = async (url) => refuse(`fetch ${String(url)}`);
