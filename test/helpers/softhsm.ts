import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where Debian's softhsm2 package puts the library (.ci/run installs it). */
export const SOFTHSM_LIBRARY = "/usr/lib/softhsm/libsofthsm2.so";

export type SoftHsmToken = {
  library: string;
  label: string;
  pin: string;
  soPin: string;
  /** The token's files: SoftHSM2 keeps each object in a file here. */
  tokenDir: string;
  /** SOFTHSM2_CONF, which the library reads when it is initialised: set in the environment of whatever loads it. */
  conf: string;
  /** The settings that point tokenhub at this token, PIN included. */
  env: NodeJS.ProcessEnv;
  /** Another token beside it, with its own PIN (before the library is initialised: it lists the tokens then). */
  addToken(label: string): { pin: string };
  destroy(): void;
};

/** A fresh SoftHSM2 token in a directory of its own, made as an operator makes one (softhsm2-util --init-token). */
export function createSoftHsmToken(options: { label?: string } = {}): SoftHsmToken {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-softhsm-"));
  const tokenDir = path.join(root, "tokens");
  fs.mkdirSync(tokenDir);
  const conf = path.join(root, "softhsm2.conf");
  fs.writeFileSync(conf, `directories.tokendir = ${tokenDir}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n`);
  const label = options.label ?? "tokenhub-test";
  const soPin = crypto.randomBytes(6).toString("hex");
  const addToken = (tokenLabel: string) => {
    const tokenPin = crypto.randomBytes(6).toString("hex");
    execFileSync("softhsm2-util", ["--init-token", "--free", "--label", tokenLabel, "--pin", tokenPin, "--so-pin", soPin], {
      env: { ...process.env, SOFTHSM2_CONF: conf },
      stdio: "pipe",
    });
    return { pin: tokenPin };
  };
  const { pin } = addToken(label);
  return {
    library: SOFTHSM_LIBRARY,
    label,
    pin,
    soPin,
    tokenDir,
    conf,
    env: { SOFTHSM2_CONF: conf, TOKENHUB_PKCS11_LIBRARY: SOFTHSM_LIBRARY, TOKENHUB_PKCS11_TOKEN_LABEL: label, TOKENHUB_PKCS11_PIN: pin },
    addToken,
    destroy: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
