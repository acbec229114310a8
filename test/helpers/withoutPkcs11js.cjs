// Preloaded with --require: the process behaves as where the optional pkcs11js addon did not build (not installed).
const Module = require("node:module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "pkcs11js") throw Object.assign(new Error("Cannot find module 'pkcs11js'"), { code: "MODULE_NOT_FOUND" });
  return resolve.call(this, request, ...rest);
};
