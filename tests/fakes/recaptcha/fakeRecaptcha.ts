import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { BROWSER_FAKE_RECAPTCHA } from "./browserFake";

/**
 * A local stand-in for Google reCAPTCHA v2 (checkbox), answering as its reference describes:
 * - `GET /recaptcha/api.js?render=explicit&onload=NAME&hl=LANG` defines `grecaptcha.render(container,
 *   {sitekey, callback, "expired-callback"})`, `grecaptcha.reset(id)` and `grecaptcha.getResponse(id)`,
 *   then calls `window[NAME]` (https://developers.google.com/recaptcha/docs/display#explicit_render,
 *   https://developers.google.com/recaptcha/docs/display#js_api);
 * - `POST /recaptcha/api/siteverify` (form-encoded secret, response, remoteip) answers
 *   `{success, challenge_ts, hostname, "error-codes"}` (https://developers.google.com/recaptcha/docs/verify).
 * With the documented test keys every solved widget passes; a token is good once ("timeout-or-duplicate"
 * after), a wrong secret is "invalid-input-secret" and an empty response "missing-input-response".
 */

const WIDGET_SCRIPT = `(() => {
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  const widgets = [];
  window.grecaptcha = {
    render(container, parameters) {
      const id = widgets.length;
      const label = document.createElement("label");
      label.style.cssText = "display:inline-flex;align-items:center;gap:12px;padding:18px 16px;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9;font:14px Roboto,Arial,sans-serif;color:#000";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.setAttribute("data-testid", "fake-recaptcha-checkbox");
      label.append(box, document.createTextNode("I'm not a robot"));
      container.appendChild(label);
      const widget = { box, token: "", parameters };
      box.addEventListener("change", () => {
        widget.token = box.checked ? "fake-" + parameters.sitekey + "-" + crypto.randomUUID() : "";
        if (box.checked) parameters.callback(widget.token); else parameters["expired-callback"]?.();
      });
      widgets.push(widget);
      return id;
    },
    reset(id = 0) {
      const widget = widgets[id];
      if (!widget) return;
      widget.box.checked = false;
      widget.token = "";
    },
    getResponse(id = 0) {
      return widgets[id]?.token ?? "";
    },
  };
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;

export async function startFakeRecaptcha(port: number) {
  const used = new Set<string>();
  const app = Fastify();
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  app.get("/recaptcha/api.js", async (_request, reply) => reply.header("content-type", "text/javascript; charset=utf-8").send(WIDGET_SCRIPT));
  app.post("/recaptcha/api/siteverify", async (request) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const errors: string[] = [];
    if (!form.secret) errors.push("missing-input-secret");
    else if (form.secret !== BROWSER_FAKE_RECAPTCHA.secret) errors.push("invalid-input-secret");
    if (!form.response) errors.push("missing-input-response");
    else if (!form.response.startsWith(`fake-${BROWSER_FAKE_RECAPTCHA.siteKey}-`)) errors.push("invalid-input-response");
    else if (used.has(form.response)) errors.push("timeout-or-duplicate");
    if (errors.length > 0) return { success: false, "error-codes": errors };
    used.add(form.response!);
    return { success: true, challenge_ts: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), hostname: "127.0.0.1", "error-codes": [] as string[] };
  });
  app.get("/_fake/health", async () => ({ ok: true, id: randomUUID() }));
  const url = await app.listen({ port, host: "127.0.0.1" });
  return { url, close: () => app.close() };
}
