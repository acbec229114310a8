import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAINS, DEFAULT_RPC_LIMITS, loadChainsConfig, rpcLimitsOf } from "../../server/chain/chainsConfig.js";
import { loadSettings, unknownVariableWarnings } from "../../server/config/env.js";

function chainsFile(content: unknown): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-chains-")), "chains.json");
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

describe("environment", () => {
  it("has defaults for everything", () => {
    const settings = loadSettings({});
    expect(settings).toEqual({
      dataDir: path.resolve(".tokenhub"),
      port: 42069,
      host: "127.0.0.1",
      publicUrl: "http://localhost:42069",
      databaseUrl: undefined,
      indexSchema: "tokenhub_index",
      indexVersion: "1",
      appSchema: "tokenhub_app",
      chainsFile: undefined,
      adminToken: undefined,
      logLevel: "info",
      logFormat: "pretty",
      shutdownGraceMs: 10000,
      maxBodyBytes: 1048576,
      maxBatchSize: 500,
      remoteMetadata: {
        ipfsGateway: "https://ipfs.io/ipfs/",
        timeoutMs: 10000,
        maxBytes: 1048576,
        maxRedirects: 5,
        maxAttempts: 5,
        retryBaseMs: 30000,
        allowPrivateAddresses: false,
      },
      metadataPropagationWindowMs: 2000,
      readWaitMs: 5000,
      writeWaitMs: 5000,
      transactions: { resubmitAfterMs: 60000, maxFeePerGasCap: "1000000000000", rpcTimeoutMs: 10000, maxJoinedCalls: 50, inFlightBlocks: 3, maxInFlight: 48 },
      media: {
        maxBytes: 52428800,
        allowedTypes: ["image/*", "video/*", "audio/*", "model/gltf-binary", "model/gltf+json", "application/json"],
        s3: null,
      },
      indexOverHttp: { public: false, timeoutMs: 5000, connections: 2 },
      connections: { index: 30, app: 20 },
      metricsPort: undefined,
      rateLimits: {
        read: { perSecond: 2000, burst: 10000 },
        write: { perSecond: 2000, burst: 10000 },
        upload: { perSecond: 20, burst: 200 },
        anonymous: { perSecond: 500, burst: 5000 },
      },
      webhooks: { timeoutMs: 10000, retryBaseMs: 5000, retryForMs: 86400000, allowPrivateAddresses: false },
    });
  });

  it("reads the media settings: limit, accepted types, and an S3-compatible store", () => {
    const settings = loadSettings({
      TOKENHUB_MEDIA_MAX_BYTES: "1048576",
      TOKENHUB_MEDIA_TYPES: " image/png, Video/* ,model/gltf-binary",
      TOKENHUB_MEDIA_S3_BUCKET: "nft-media",
      TOKENHUB_MEDIA_S3_ENDPOINT: "http://127.0.0.1:9000",
    });
    expect(settings.media).toEqual({
      maxBytes: 1048576,
      allowedTypes: ["image/png", "video/*", "model/gltf-binary"],
      s3: { bucket: "nft-media", endpoint: "http://127.0.0.1:9000", region: "us-east-1", prefix: "media/", forcePathStyle: true },
    });
    expect(loadSettings({ TOKENHUB_MEDIA_S3_BUCKET: "b" }).media.s3).toEqual({ bucket: "b", endpoint: undefined, region: "us-east-1", prefix: "media/", forcePathStyle: false });
    expect(() => loadSettings({ TOKENHUB_MEDIA_TYPES: "png" })).toThrow("TOKENHUB_MEDIA_TYPES.0: comma-separated MIME types; type/* allowed");
  });

  it("reads the pool sizes, and refuses ones Ponder or the API cannot work with", () => {
    expect(loadSettings({ TOKENHUB_INDEX_CONNECTIONS: "12", TOKENHUB_DB_CONNECTIONS: "8" }).connections).toEqual({ index: 12, app: 8 });
    expect(() => loadSettings({ TOKENHUB_INDEX_CONNECTIONS: "4", TOKENHUB_DB_CONNECTIONS: "1" })).toThrow(
      "Invalid environment: TOKENHUB_INDEX_CONNECTIONS: at least 5; TOKENHUB_DB_CONNECTIONS: at least 2",
    );
  });

  it("names every invalid variable in one clear error", () => {
    expect(() => loadSettings({ PORT: "http", TOKENHUB_INDEX_SCHEMA: "Bad-Name", TOKENHUB_ADMIN_TOKEN: "short" })).toThrow(
      "Invalid environment: PORT: Invalid input: expected number, received NaN; TOKENHUB_INDEX_SCHEMA: lowercase letters, digits and _, at most 36 characters; TOKENHUB_ADMIN_TOKEN: at least 24 characters",
    );
  });

  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(loadSettings({ PUBLIC_URL: "https://tokens.example.com/" }).publicUrl).toBe("https://tokens.example.com");
  });
});

describe("chains file", () => {
  it("defaults to one local chain", () => {
    expect(loadChainsConfig(undefined)).toEqual(DEFAULT_CHAINS);
  });

  it("parses chains with external contracts, checksumming their addresses", () => {
    const file = chainsFile({
      chains: [
        { id: 31337, name: "local" },
        {
          id: 8453,
          name: "base",
          rpcUrl: "https://rpc.example.com/key",
          explorerUrl: "https://basescan.org",
          startBlock: 5,
          contracts: [{ address: "0x5fbdb2315678afecb367f032d93f642f64180aa3", kind: "erc721" }],
        },
      ],
    });
    expect(loadChainsConfig(file)).toEqual([
      { id: 31337, name: "local", contracts: [] },
      {
        id: 8453,
        name: "base",
        rpcUrl: "https://rpc.example.com/key",
        explorerUrl: "https://basescan.org",
        startBlock: 5,
        contracts: [{ address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", kind: "erc721" }],
      },
    ]);
  });

  it("rejects bad fields, then duplicates and two local chains, with the path of each problem", () => {
    const badFields = chainsFile({ chains: [{ id: 2, name: "b", rpcUrl: "http://x", contracts: [{ address: "0x1", kind: "erc777" }] }] });
    expect(() => loadChainsConfig(badFields)).toThrow(
      `Invalid chains file ${badFields}: chains[0].contracts[0].address: not an EVM address; chains[0].contracts[0].kind: Invalid option: expected one of "erc20"|"erc721"|"erc1155"`,
    );
    const clashes = chainsFile({ chains: [{ id: 1, name: "a" }, { id: 1, name: "a" }] });
    expect(() => loadChainsConfig(clashes)).toThrow(
      `Invalid chains file ${clashes}: chains[1].id: duplicate chain id; chains[1].name: duplicate name; chains: at most one chain may omit rpcUrl (the local anvil chain)`,
    );
    expect(() => loadChainsConfig(chainsFile("{ not json"))).toThrow(/^Cannot read the chains file .*chains\.json: /);
  });

  it("gives a remote chain the provider limits it sets, defaults for the others, and the local chain none", () => {
    const file = chainsFile({
      chains: [
        { id: 31337, name: "local" },
        { id: 8453, name: "base", rpcUrl: "https://rpc.example.com/key", getLogsBlockRange: 2000, requestsPerSecond: 12.5 },
        { id: 10, name: "optimism", rpcUrl: "https://rpc.example.com/key", batchSize: 50 },
        { id: 31338, name: "own", rpcUrl: ["http://127.0.0.1:8545", "http://localhost:8546"] },
        { id: 31339, name: "ownLimited", rpcUrl: "http://[::1]:8545", requestsPerSecond: 5 },
      ],
    });
    expect(loadChainsConfig(file).map(rpcLimitsOf)).toEqual([
      undefined,
      { getLogsBlockRange: 2000, requestsPerSecond: 12.5, batchSize: DEFAULT_RPC_LIMITS.batchSize },
      { getLogsBlockRange: DEFAULT_RPC_LIMITS.getLogsBlockRange, requestsPerSecond: DEFAULT_RPC_LIMITS.requestsPerSecond, batchSize: 50 },
      // A node on this machine is the operator's own: as good as unbounded, but for the keys the file sets.
      { getLogsBlockRange: 10_000, requestsPerSecond: 1_000_000, batchSize: 1_000 },
      { getLogsBlockRange: 10_000, requestsPerSecond: 5, batchSize: 1_000 },
    ]);
    expect(DEFAULT_RPC_LIMITS).toEqual({ getLogsBlockRange: 1000, requestsPerSecond: 25, batchSize: 10 });
    const bad = chainsFile({ chains: [{ id: 2, name: "b", rpcUrl: "http://x", getLogsBlockRange: 0, requestsPerSecond: -1, batchSize: 1.5 }] });
    expect(() => loadChainsConfig(bad)).toThrow(
      /^Invalid chains file .*: chains\[0\]\.getLogsBlockRange: .*; chains\[0\]\.requestsPerSecond: .*; chains\[0\]\.batchSize: /,
    );
  });
});

describe("strict configuration", () => {
  const remote = {
    id: 8453,
    name: "base",
    rpcUrl: "http://127.0.0.1:1",
    wsUrl: "ws://127.0.0.1:1",
    explorerUrl: "https://basescan.org",
    startBlock: 1,
    pollingIntervalMs: 1000,
    finality: 3,
    getLogsBlockRange: 2000,
    requestsPerSecond: 50,
    batchSize: 20,
  };
  const contract = { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", kind: "erc721", startBlock: 1 };
  // Each known key, misspelt as people do (case, a letter swapped, one missing).
  const typos: [where: "file" | "chain" | "contract", known: string, typo: string][] = [
    ["file", "chains", "chain"],
    ["chain", "id", "ID"],
    ["chain", "name", "nmae"],
    ["chain", "rpcUrl", "rpcURL"],
    ["chain", "wsUrl", "wsURL"],
    ["chain", "explorerUrl", "explorerURL"],
    ["chain", "startBlock", "startblock"],
    ["chain", "pollingIntervalMs", "pollingInterval"],
    ["chain", "finality", "finalty"],
    ["chain", "getLogsBlockRange", "ethGetLogsBlockRange"],
    ["chain", "requestsPerSecond", "maxRequestsPerSecond"],
    ["chain", "batchSize", "batchsize"],
    ["chain", "contracts", "contract"],
    ["contract", "address", "adress"],
    ["contract", "kind", "knd"],
    ["contract", "startBlock", "start_block"],
  ];

  it.each(typos)("refuses a misspelt %s key (%s as %s), naming its path and the key it meant", (where, known, typo) => {
    const rename = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key === known ? typo : key, value]));
    const chain = { ...remote, contracts: [where === "contract" ? rename(contract) : contract] };
    const content = where === "file" ? { [typo]: [chain] } : { chains: [{ id: 31337, name: "local" }, where === "chain" ? rename(chain) : chain] };
    const file = chainsFile(content);
    const path = where === "file" ? typo : where === "chain" ? `chains[1].${typo}` : `chains[1].contracts[0].${typo}`;
    expect(() => loadChainsConfig(file)).toThrow(new RegExp(`^Invalid chains file ${file}: ${path.replace(/[[\]]/g, "\\$&")}: unknown key; did you mean ${known}\\?`));
  });

  it("does not mistake a chain whose rpcUrl is misspelt for a second local chain", () => {
    const file = chainsFile({ chains: [{ id: 31337, name: "local" }, { id: 8453, name: "base", rpcURL: "http://127.0.0.1:1" }] });
    expect(() => loadChainsConfig(file)).toThrow(`Invalid chains file ${file}: chains[1].rpcURL: unknown key; did you mean rpcUrl?`);
  });

  it("warns about each TOKENHUB_* variable it does not read, naming the nearest one it does", () => {
    expect(
      unknownVariableWarnings({ TOKENHUB_LOG_LEVLE: "debug", TOKENHUB_SIGNER_KEYS_8453: "0x1", TOKENHUB_MASTER_KEY_FILE: "/k", TOKENHUB_SHUTDOWN_GRACE: "1", TOKENHUB_BANANA: "1", OTHER: "x" }),
    ).toEqual([
      "TOKENHUB_BANANA is not a tokenhub setting and is ignored",
      "TOKENHUB_LOG_LEVLE is not a tokenhub setting and is ignored; did you mean TOKENHUB_LOG_LEVEL?",
      "TOKENHUB_SHUTDOWN_GRACE is not a tokenhub setting and is ignored; did you mean TOKENHUB_SHUTDOWN_GRACE_MS?",
    ]);
  });
});
