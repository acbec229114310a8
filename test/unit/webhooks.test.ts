import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { retryDelayMs } from "../../server/services/webhooks/webhookDelivery.js";
import { checkWebhookUrl } from "../../server/services/webhooks/webhooks.js";
import { generateWebhookSecret, signWebhook } from "../../server/services/webhooks/webhookSignature.js";

const strict = { allowPrivateAddresses: false };

describe("webhook URLs", () => {
  it("refuses what is not http(s), and special-use addresses named or resolved, unless allowed", async () => {
    const refusal = (url: string) => checkWebhookUrl(url, strict).then(() => "accepted", (error: Error) => error.message);
    expect(await refusal("ftp://example.com/")).toBe("Invalid body: url: must be http or https, not ftp.");
    expect(await refusal("not a url")).toBe("Invalid body: url: must be an absolute http(s) URL.");
    for (const [url, range] of [
      ["http://127.0.0.1:8080/hook", "loopback"],
      ["http://10.1.2.3/hook", "private"],
      ["http://169.254.169.254/latest/meta-data", "linkLocal"],
      ["http://[::1]/hook", "loopback"],
      ["http://[::ffff:192.168.0.1]/hook", "private"],
      ["http://100.64.0.1/hook", "carrierGradeNat"],
    ] as const) {
      expect(await refusal(url)).toMatch(new RegExp(`is a special-use address \\(${range}\\); such addresses are refused unless TOKENHUB_WEBHOOK_ALLOW_PRIVATE=true\\.$`));
    }
    expect(await refusal("http://localhost:3000/hook")).toMatch(/^Invalid body: url: localhost resolves to (127\.0\.0\.1|::1), which is a special-use address \(loopback\)/);
    expect(await checkWebhookUrl("https://8.8.8.8/hook", strict)).toBe("https://8.8.8.8/hook");
    expect(await checkWebhookUrl("http://127.0.0.1:8080/hook", { allowPrivateAddresses: true })).toBe("http://127.0.0.1:8080/hook");
  });
});

describe("retry delays", () => {
  it("double from the base, with jitter in the upper half, and stop growing at an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 5_000, () => 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 5_000, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(40, 5_000, () => 1)).toBe(3_600_000);
  });
});

describe("Standard Webhooks signatures", () => {
  it("verify with the standardwebhooks package, one signature per live secret", () => {
    const [first, second] = [generateWebhookSecret(), generateWebhookSecret()];
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: "e1", type: "webhook.test", data: { emoji: "🪙" } });
    const headers = signWebhook([first, second], "e1", new Date(), body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(first).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(second).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow("No matching signature found");
  });
});
