import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * Metadata given at mint is on the token from the first read that lists it (issue 15, item 8): the metadata job
 * attaches it only after the receipt, but every read resolves it from the token's mint transaction until then.
 * Requests go as GroupOS's TypeScript quick start sends them: fetch with only Authorization, a string body.
 */

let service: SharedService;
let chain: ChainClient;
let club: Address;

type Answer = { status: number; body: Record<string, any> };
async function groupos(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const DEFAULTS = { description: "A Club token", mediaUrl: "https://example.com/club.png" };
const recipient = (index: number): Address => getAddress(`0x${(0xc1b000 + index).toString(16).padStart(40, "0")}`);
/** What each read answers for a token with these own fields over the collection's defaults. */
const effective = (tokenId: string, given?: { name: string; traits: { name: string; value: string }[] }) => ({
  name: given?.name ?? `Club #${tokenId}`,
  description: DEFAULTS.description,
  image: DEFAULTS.mediaUrl,
  attributes: (given?.traits ?? []).map((trait) => ({ trait_type: trait.name, value: trait.value })),
});

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  const created = await groupos("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Club", symbol: "CLB", defaultMetadata: DEFAULTS });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  club = created.body.contractAddress as Address;
});

afterAll(async () => {
  await service?.release();
});

/**
 * Reads every route that lists the collection's tokens, as fast as it answers, from the moment the mints were answered
 * until each token is listed and its metadata attached by the job; every token listed must carry exactly what its mint
 * gave it (found by its owner: one recipient per mint). Returns how many reads listed a token before the job attached
 * its metadata: the window this is about.
 */
async function readUntilAttached(givenTo: Map<Address, { name: string; traits: { name: string; value: string }[] } | undefined>, hashes: string[]) {
  const expectedOf = (owner: string, tokenId: string) => effective(tokenId, givenTo.get(getAddress(owner)));
  const attachedCount = [...givenTo.values()].filter((given) => given !== undefined).length;
  let listedEarly = 0;
  for (;;) {
    const attached = await queryDatabase<{ count: string }>(
      service.databaseUrl(),
      "SELECT count(*) FROM tokenhub_app.token_metadata WHERE address = $1 AND attached_by IS NOT NULL",
      [club.toLowerCase()],
    );
    const [tokens, owners, holders] = await Promise.all([
      groupos("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}`),
      groupos("GET", `/api/v1/erc721/owners?chainId=31337&contractAddress=${club}`),
      groupos("GET", `/api/holders?contractAddresses=[${club}]`),
    ]);
    const listed = tokens.body.tokens as { tokenId: string; ownerAddress: string; metadata: unknown }[];
    for (const token of listed) expect(token.metadata, `token ${token.tokenId} in /erc721/tokens`).toEqual(expectedOf(token.ownerAddress, token.tokenId));
    for (const owner of owners.body.owners as { ownerAddress: string; tokens: { tokenId: string; metadata: unknown }[] }[]) {
      for (const token of owner.tokens) expect(token.metadata, `token ${token.tokenId} in /erc721/owners`).toEqual(expectedOf(owner.ownerAddress, token.tokenId));
    }
    for (const holder of holders.body.holders as { holderAddress: string; collections: { nfts: { tokenId: string; name: string; traits: unknown }[] }[] }[]) {
      for (const nft of holder.collections[0]!.nfts) {
        const expected = expectedOf(holder.holderAddress, nft.tokenId);
        expect({ name: nft.name, traits: nft.traits }, `token ${nft.tokenId} in /api/holders`).toEqual({
          name: expected.name,
          traits: expected.attributes.map((attribute) => ({ name: attribute.trait_type, value: attribute.value })),
        });
      }
    }
    // The single-token reads: the public token URI and the authenticated metadata route, for the newest token listed.
    const newest = listed.at(-1);
    if (newest !== undefined) {
      const [served, read] = await Promise.all([
        fetch(`${service.baseUrl}/metadata/31337/${club}/${newest.tokenId}`).then((response) => response.json()),
        groupos("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=${newest.tokenId}`),
      ]);
      expect(served, `/metadata of token ${newest.tokenId}`).toEqual(expectedOf(newest.ownerAddress, newest.tokenId));
      expect(read.body.metadata, `/nft/metadata of token ${newest.tokenId}`).toEqual(expectedOf(newest.ownerAddress, newest.tokenId));
    }
    const done = Number(attached[0]!.count) === attachedCount && listed.length === givenTo.size;
    if (!done && listed.length > 0) listedEarly++;
    if (done) break;
  }
  for (const hash of hashes) expect((await groupos("GET", `/api/v1/transactions/${hash}`)).body.status).toBe("success");
  return listedEarly;
}

describe("metadata given at mint is on the token from the first read that lists it (item 8)", { timeout: 120_000 }, () => {
  it("a single mint: tokens, owners, holders, nft/metadata and the token URI never show the collection's defaults", async () => {
    const given = { name: "Gold", traits: [{ name: "tier", value: "gold" }] };
    const minted = await groupos("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: recipient(1), metadata: given });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    // The index lists a token before the receipt loop and the metadata job have seen its mint: reads did fall in the window.
    expect(await readUntilAttached(new Map([[recipient(1), given]]), [minted.body.transactionHash])).toBeGreaterThan(0);
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })).toBe(recipient(1));
  });

  it("mints joined into one transaction: each token carries its own call's metadata, one without keeps the defaults", async () => {
    const given = Array.from({ length: 12 }, (_, index) => (index % 4 === 3 ? undefined : { name: `Member ${index}`, traits: [{ name: "seat", value: String(index) }] }));
    const answers = await Promise.all(
      given.map((metadata, index) =>
        groupos("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: recipient(100 + index), ...(metadata ? { metadata } : {}) }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const hashes = [...new Set(answers.map((answer) => answer.body.transactionHash as string))];
    // Sent together, they were joined: fewer transactions than mints.
    expect(hashes.length).toBeLessThan(given.length);
    const givenTo = new Map<Address, (typeof given)[number]>([[recipient(1), { name: "Gold", traits: [{ name: "tier", value: "gold" }] }]]);
    given.forEach((metadata, index) => givenTo.set(recipient(100 + index), metadata));
    expect(await readUntilAttached(givenTo, hashes)).toBeGreaterThan(0);
    // On chain, each recipient holds one token.
    for (const index of given.keys()) {
      expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [recipient(100 + index)] })).toBe(1n);
    }
    await waitFor(async () => (await groupos("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}`)).body.tokens.length === 13);
  });

  it("a metadata write made while the mint's metadata waits for the job applies to what the reads show, and stays", async () => {
    const given = { name: "Silver", traits: [{ name: "tier", value: "silver" }] };
    // The job is held back until the write is made: the test holds its lease, as another replica would.
    const job = "minted token metadata";
    await queryDatabase(
      service.databaseUrl(),
      `INSERT INTO tokenhub_app.leases (name, holder, expires_at) VALUES ($1, 'test', now() + interval '2 minutes')
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`,
      [job],
    );
    const minted = await groupos("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: club, recipientAddress: recipient(200), metadata: given });
    expect(minted.status).toBe(200);
    const token = await waitFor(async () => {
      const listed = (await groupos("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}&ownerAddress=${recipient(200)}`)).body.tokens;
      return listed?.[0] as { tokenId: string; metadata: unknown } | undefined;
    });
    expect(token.metadata).toEqual(effective(token.tokenId, given));
    // The job has not attached the mint's metadata: the write's name: null sends the name back to the collection's.
    const rows = () =>
      queryDatabase<{ metadata: unknown; attached: boolean }>(
        service.databaseUrl(),
        "SELECT metadata, attached_by IS NOT NULL AS attached FROM tokenhub_app.token_metadata WHERE address = $1 AND token_id = $2",
        [club.toLowerCase(), token.tokenId],
      );
    expect(await rows()).toEqual([]);
    const written = await groupos("PUT", "/api/v1/nft/tokenMetadata", { chainId: 31337, contractAddress: club, tokenId: token.tokenId, metadata: { name: null, description: "Second place" } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    await queryDatabase(service.databaseUrl(), "DELETE FROM tokenhub_app.leases WHERE name = $1 AND holder = 'test'", [job]);
    const expected = { ...effective(token.tokenId, given), name: `Club #${token.tokenId}`, description: "Second place" };
    await waitFor(async () => (await groupos("GET", `/api/v1/transactions/${minted.body.transactionHash}`)).body.status === "success");
    // The job's pass after the receipt leaves the write in place.
    await waitFor(async () => {
      const [mark] = await queryDatabase<{ recorded: boolean }>(
        service.databaseUrl(),
        "SELECT metadata ? 'tokenMetadataRecorded' AS recorded FROM tokenhub_app.transactions t JOIN tokenhub_app.transaction_attempts a ON a.transaction_id = t.id WHERE a.hash = $1",
        [minted.body.transactionHash],
      );
      return mark?.recorded;
    });
    expect(await rows()).toEqual([{ metadata: { attributes: [{ trait_type: "tier", value: "silver" }], description: "Second place" }, attached: true }]);
    expect((await groupos("GET", `/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=${token.tokenId}`)).body.metadata).toEqual(expected);
    expect(await (await fetch(`${service.baseUrl}/metadata/31337/${club}/${token.tokenId}`)).json()).toEqual(expected);
  });
});
