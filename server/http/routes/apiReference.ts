import { Hono } from "hono";
import { packageAsset, packageAssetRoutes } from "../packageAssets.js";

const bundle = packageAsset("swagger-ui-dist", "swagger-ui-bundle.js");
const stylesheet = packageAsset("swagger-ui-dist", "swagger-ui.css");

/**
 * Swagger UI on the document of /openapi.json. "Try it out" sends requests to the first server, and the document's
 * (PUBLIC_URL) may name another origin than the one the page was reached at (a tunnel, another host name), where the
 * browser would need CORS answers tokenhub does not give: this page's own server is put first. Swagger UI's
 * validator badge would send the document to validator.swagger.io: it is off.
 */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>tokenhub API reference</title>
    <link rel="stylesheet" href=".${stylesheet.url}">
    <style>body { margin: 0; } .swagger-ui .topbar { display: none; }</style>
  </head>
  <body>
    <div id="reference">Loading the API reference...</div>
    <script src=".${bundle.url}"></script>
    <script>
      const here = new URL(".", location.href).href.replace(/\\/$/, "");
      fetch(new URL("openapi.json", location.href))
        .then((response) => {
          if (!response.ok) throw new Error("GET /openapi.json answered " + response.status);
          return response.json();
        })
        .then((spec) => {
          spec.servers = [{ url: here, description: "this server" }, ...(spec.servers || []).filter((server) => server.url !== here)];
          SwaggerUIBundle({
            spec,
            dom_id: "#reference",
            deepLinking: true,
            filter: true,
            displayRequestDuration: true,
            defaultModelsExpandDepth: 0,
            validatorUrl: null,
          });
        })
        .catch((error) => {
          document.getElementById("reference").textContent = "The API reference could not load: " + error.message;
        });
    </script>
  </body>
</html>
`;

/** GET /docs, the API reference a person reads and tries requests in, with its files from the swagger-ui-dist package. */
export function apiReferenceRoutes() {
  const app = new Hono();
  app.get("/docs", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(page);
  });
  app.route("/", packageAssetRoutes([bundle, stylesheet]));
  return app;
}
