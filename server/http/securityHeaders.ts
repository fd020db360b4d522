import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

type Directives = Record<string, string[] | null>;

const GOOGLE = "https://www.google.com";

/**
 * The console's Content-Security-Policy: its own scripts only, inline styles (antd writes
 * CSS-in-JS <style> tags), images from data: and https: (organisation logos), the chat
 * widget's origin when one is configured, and the captcha's script and frame when sign-in asks one.
 */
export function contentSecurityPolicy(chatWidgetSrc: string, captchaScriptUrl = ""): Directives {
  const widget = chatWidgetSrc === "" ? [] : [new URL(chatWidgetSrc).origin];
  const widgetSockets = widget.map((origin) => origin.replace(/^http/, "ws"));
  const captchaOrigin = captchaScriptUrl === "" ? [] : [new URL(captchaScriptUrl).origin];
  // Google's api.js loads the widget's own script from gstatic and frames recaptcha.google.com.
  const captcha = captchaOrigin[0] === GOOGLE ? [GOOGLE, "https://www.gstatic.com", "https://recaptcha.google.com"] : captchaOrigin;
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...widget, ...captcha],
    "style-src": ["'self'", "'unsafe-inline'", ...widget],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:", ...widget],
    "connect-src": ["'self'", ...widget, ...widgetSockets],
    "frame-src": ["'self'", ...widget, ...captcha],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
    // Plain-HTTP installs (a LAN demo) must keep working; TLS is the proxy's business.
    "upgrade-insecure-requests": null,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, chatWidgetSrc: string, captchaScriptUrl?: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(chatWidgetSrc, captchaScriptUrl) },
    // Third-party chat widgets load cross-origin resources without CORP headers.
    crossOriginEmbedderPolicy: false,
  });
  // API answers hold people's bookings and accounts: no browser or proxy keeps them, unless a route
  // says otherwise on purpose (static reference lists, content-addressed uploads).
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}
