import { Hono } from "hono";
import { packageAsset, packageAssetRoutes } from "../packageAssets.js";

/**
 * GraphiQL 3, the last major version published with a UMD build (4 and 5 are ES modules for a bundler), on React 18's
 * UMD builds (React 19 has none).
 */
const react = packageAsset("react", "umd/react.production.min.js");
const reactDom = packageAsset("react-dom", "umd/react-dom.production.min.js");
const graphiql = packageAsset("graphiql", "graphiql.min.js");
const stylesheet = packageAsset("graphiql", "graphiql.min.css");

const TOKEN_HINT = "<paste token>";

const DEFAULT_QUERY = `# Paste a token with the read scope into the Authorization header below,
# then run the query (Ctrl-Enter). The Docs button lists the schema once a token is in.
{
  erc721Tokens(limit: 5) {
    items {
      contract
      tokenId
      owner
    }
  }
}
`;

/**
 * POST /graphql needs a read token: the header editor is open and holds the Authorization header to complete. The
 * schema is introspected with the editor's headers once they carry a token: at load they hold only the placeholder,
 * whose introspection would put a 401 in the result pane before the user did anything, so GraphiQL is given no schema
 * (`schema: null` tells it not to introspect). When the headers change (a token pasted), GraphiQL is rendered again
 * with a new fetcher, which makes it introspect, so that the docs and completion work without a reload.
 */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>tokenhub GraphiQL</title>
    <link rel="stylesheet" href=".${stylesheet.url}">
    <style>body { margin: 0; } #graphiql { height: 100vh; }</style>
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL...</div>
    <script src=".${react.url}"></script>
    <script src=".${reactDom.url}"></script>
    <script src=".${graphiql.url}"></script>
    <script>
      const url = location.origin + location.pathname;
      const headers = JSON.stringify({ Authorization: "Bearer ${TOKEN_HINT}" }, null, 2);
      const root = ReactDOM.createRoot(document.getElementById("graphiql"));
      let introspectedWith = headers;
      let pending;
      const holdsToken = (edited) => !edited.includes("${TOKEN_HINT}");
      function render() {
        root.render(
          React.createElement(GraphiQL, {
            fetcher: GraphiQL.createFetcher({ url }),
            headers,
            schema: holdsToken(introspectedWith) ? undefined : null,
            defaultQuery: ${JSON.stringify(DEFAULT_QUERY)},
            defaultEditorToolsVisibility: "headers",
            onEditHeaders(edited) {
              clearTimeout(pending);
              pending = setTimeout(() => {
                if (edited === introspectedWith) return;
                introspectedWith = edited;
                render();
              }, 500);
            },
          }),
        );
      }
      render();
    </script>
  </body>
</html>
`;

/** GET /graphql: GraphiQL with its files from the graphiql, react and react-dom packages, for the POST /graphql beside it. */
export function graphiqlRoutes() {
  const app = new Hono();
  app.get("/graphql", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(page);
  });
  app.route("/", packageAssetRoutes([react, reactDom, graphiql, stylesheet]));
  return app;
}
