/** GET /api/openapi.json (the document) and GET /api/openapi (a page listing the operations): public, they hold no data. */
import { Hono } from 'hono';
import { html } from 'hono/html';

import type { Env } from '#api/http/context.ts';

import { type ApiContracts, apiOperations, openApiDocument } from './document.ts';

export function openApiRoutes(app: Hono<Env>, extra: ApiContracts) {
  // built at the first call, once every route is registered
  let document: ReturnType<typeof openApiDocument> | undefined;
  const whole = app as unknown as Hono<never>;
  return new Hono<Env>()
    .get('/openapi.json', (c) => c.json((document ??= openApiDocument(whole, extra))))
    .get('/openapi', (c) => {
      const rows = apiOperations(whole).map(
        (op) =>
          html`<tr>
            <td><code>${op.method}</code></td>
            <td><code>${op.path}</code></td>
          </tr>`,
      );
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <title>Training Records API</title>
            </head>
            <body style="font-family: system-ui, sans-serif; margin: 1rem; max-width: 60rem">
              <h1>Training Records API</h1>
              <p>The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
              <table>
                <thead>
                  <tr>
                    <th align="left">Method</th>
                    <th align="left">Path</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>
            </body>
          </html>`,
      );
    });
}
