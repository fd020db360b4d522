import { Alert } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CaptchaConfig } from "../../config/runtimeConfig";

/** The part of reCAPTCHA's JavaScript API (explicit rendering) the sign-in page uses. */
interface Grecaptcha {
  render(container: HTMLElement, parameters: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void; hl?: string }): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onSignInCaptchaLoad?: () => void;
  }
}

let loaded: Promise<Grecaptcha> | undefined;

/** The provider's script, once per page: explicit rendering, its onload calling back. */
function loadCaptcha(scriptUrl: string, language: string): Promise<Grecaptcha> {
  loaded ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.onSignInCaptchaLoad = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error("grecaptcha missing")));
    const script = document.createElement("script");
    const url = new URL(scriptUrl, window.location.href);
    url.search = new URLSearchParams({ render: "explicit", onload: "onSignInCaptchaLoad", hl: language }).toString();
    script.src = url.href;
    script.async = true;
    script.onerror = () => reject(new Error("The captcha script did not load."));
    document.head.appendChild(script);
  });
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/**
 * The captcha the sign-in page shows after failed attempts: the provider's widget, giving its
 * token (or undefined once it expires) to the form. A new `round` resets it: a token works once.
 */
export function Captcha({ config, round, onToken }: { config: CaptchaConfig; round: number; onToken: (token: string | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number }>(undefined);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadCaptcha(config.scriptUrl, i18n.language).then(
      (api) => {
        if (cancelled || !container.current || widget.current) return;
        widget.current = { api, id: api.render(container.current, { sitekey: config.siteKey, callback: onToken, "expired-callback": () => onToken(undefined), hl: i18n.language }) };
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [config.scriptUrl, config.siteKey]);

  useEffect(() => {
    if (round === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onToken(undefined);
  }, [round]);

  if (failed) return <Alert type="error" showIcon role="alert" message={t("login.captcha.unavailable")} style={{ marginBottom: 16 }} />;
  return <div ref={container} aria-label={t("login.captcha.label")} role="group" data-testid="login-captcha" style={{ marginBottom: 16, minHeight: 78 }} />;
}
