import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, it } from "vitest";

/** Where .ci/run builds versitygw (outside the repo, once); `SCRIPTORIUM_VERSITYGW` overrides. */
export function versitygwPath(): string | null {
  const candidates = [process.env.SCRIPTORIUM_VERSITYGW, path.join(os.homedir(), ".cache/scriptorium/bin/versitygw")];
  return candidates.find((file): file is string => !!file && fs.existsSync(file)) ?? null;
}

export interface S3Server {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** The folder behind the store: a sub-folder is a bucket. */
  root: string;
  /** Creates a bucket (an empty folder). */
  bucket(name: string): void;
  /** The AWS_* environment a child process needs to reach it. */
  env(): Record<string, string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Starts versitygw's posix backend on 127.0.0.1 over a scratch folder; resolves once it accepts connections. */
export async function startVersitygw(binary: string): Promise<S3Server> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "versitygw-"));
  const port = await freePort();
  const accessKey = "scriptorium-test";
  const secretKey = "scriptorium-test-secret-key";
  const child: ChildProcess = spawn(binary, ["--port", `127.0.0.1:${port}`, "posix", root], {
    env: { ...process.env, ROOT_ACCESS_KEY: accessKey, ROOT_SECRET_KEY: secretKey },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (data: Buffer) => (output += data.toString()));
  child.stderr!.on("data", (data: Buffer) => (output += data.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`versitygw exited (${child.exitCode}): ${output}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`versitygw did not listen on ${port}: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    accessKey,
    secretKey,
    root,
    bucket: (name) => fs.mkdirSync(path.join(root, name), { recursive: true }),
    env: () => ({
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: accessKey,
      AWS_SECRET_ACCESS_KEY: secretKey,
    }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function underCi(): boolean {
  const ci = process.env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/**
 * `describe` for tests on a real S3 server: runs `body(binary)` when versitygw is built. Without
 * it the file prints `NOT RUN: …` and passes on a developer machine, and fails under `CI=true`
 * (.ci/run builds it).
 */
export function describeS3(name: string, body: (binary: string) => void): void {
  const binary = versitygwPath();
  if (binary) {
    describe(name, () => body(binary));
    return;
  }
  const reason = "versitygw is not built (go install github.com/versity/versitygw/cmd/versitygw@v1.8.0 into ~/.cache/scriptorium/bin, as .ci/run does)";
  describe(name, () => {
    it("has an S3 server", () => {
      if (underCi()) throw new Error(`An S3 server is required under CI: ${reason}`);
      console.log(`NOT RUN: ${name}: ${reason}`);
    });
  });
}
