import { LoginOutlined } from "@ant-design/icons";
import { Alert, Button, Checkbox, Divider, Flex, Form, Input, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { loadAuthProvider } from "../../providers/apiCode";
import type { LoginParams } from "../../providers/authProvider";
import { REMEMBER_ME_COOKIE, captchaAsked, failedAttempts } from "../../providers/signInMemory";
import { runtimeConfig } from "../../config/runtimeConfig";
import { readCookie } from "../../providers/sessionCookies";
import { preloadRoute } from "../../routes";
import { AuthCard } from "../auth/AuthCard";
import { Captcha } from "./Captcha";
import { OtpStep } from "./OtpStep";
import { readSsoReturn, startSingleSignOn, takeSsoRequest } from "./singleSignOn";

interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [otpFor, setOtpFor] = useState<Credentials>();
  const [error, setError] = useState<string>();
  const [attempts, setAttempts] = useState(failedAttempts);
  const [captchaToken, setCaptchaToken] = useState<string>();
  const [captchaRound, setCaptchaRound] = useState(0);
  const triedRememberedSignIn = useRef(false);
  const { captcha } = runtimeConfig;
  // After failed attempts (counted here, or by the server for this account and address) the captcha comes before the password.
  const captchaShown = captcha !== undefined && (attempts >= captcha.afterFailures || captchaAsked());

  const signIn = async (params: LoginParams, onOtpRequired?: () => void) => {
    setError(undefined);
    setPending(true);
    const authProvider = await loadAuthProvider().catch(() => undefined);
    if (!authProvider) {
      setPending(false);
      setError(t("login.errors.codeUnavailable"));
      return;
    }
    const result = await authProvider.login(params);
    if (result.success && result.otpRequired !== true) {
      const target = result.redirectTo ?? "/dashboard";
      // The console's code, the page's and the signed-in identity first: the page then shows at once and
      // whole, not behind a loading spinner nor with a header that changes as the identity arrives.
      await Promise.all([preloadRoute(target), authProvider.getIdentity?.()]).catch(() => undefined);
      void navigate(target, { replace: true });
      return;
    }
    setPending(false);
    if (result.otpRequired === true) onOtpRequired?.();
    else {
      setError(result.error?.message);
      setAttempts(failedAttempts());
      // A token works once: a failed attempt asks the captcha again.
      if (params.captcha) setCaptchaRound((round) => round + 1);
    }
  };

  // Once per visit (StrictMode mounts twice in development): back from the identity provider, or a remembered sign-in.
  useEffect(() => {
    if (triedRememberedSignIn.current) return;
    triedRememberedSignIn.current = true;
    const ssoReturn = readSsoReturn(window.location.hash, window.location.hash === "" ? undefined : takeSsoRequest());
    if (ssoReturn) {
      // The token leaves the address bar and the history at once.
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      if (ssoReturn.kind === "token") void signIn({ ssoIdToken: ssoReturn.idToken });
      else setError(ssoReturn.kind === "refused" ? t("login.sso.refused", { provider: runtimeConfig.sso?.name ?? "", reason: ssoReturn.reason }) : t("login.sso.mismatch"));
      return;
    }
    const rememberMeToken = readCookie(REMEMBER_ME_COOKIE);
    if (rememberMeToken) void signIn({ rememberMeToken });
  }, []);

  if (otpFor) {
    return (
      <OtpStep
        credentials={otpFor}
        pending={isPending}
        error={error}
        onVerify={(otp) => void signIn({ ...otpFor, otp })}
        onBack={() => {
          setError(undefined);
          setOtpFor(undefined);
        }}
      />
    );
  }

  return (
    <AuthCard title={t("login.title")}>
      <Form<Credentials>
        layout="vertical"
        requiredMark={false}
        initialValues={{ rememberMe: false }}
        // The code that signs in loads while the credentials are typed, not with the page.
        onValuesChange={() => void loadAuthProvider().catch(() => undefined)}
        onFinish={(values) => {
          if (captchaShown && !captchaToken) {
            setError(t("login.captcha.required"));
            return;
          }
          void signIn(captchaShown ? { ...values, captcha: captchaToken } : values, () => setOtpFor(values));
        }}
        disabled={isPending}
      >
        <Form.Item label={t("login.username")} name="username" rules={[{ required: true, whitespace: true, message: t("login.usernameRequired") }]}>
          <Input autoComplete="username" autoFocus data-testid="login-username" />
        </Form.Item>
        <Form.Item label={t("login.password")} name="password" rules={[{ required: true, message: t("login.passwordRequired") }]}>
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t("login.rememberMe")}</Checkbox>
          </Form.Item>
          <Link to="/forgot-password">{t("login.forgotPassword")}</Link>
        </Flex>
        {captchaShown && (
          <>
            <Typography.Paragraph type="secondary" data-testid="login-captcha-why">{t("login.captcha.why")}</Typography.Paragraph>
            <Captcha config={captcha} round={captchaRound} onToken={setCaptchaToken} />
          </>
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="login-error"
            message={error}
            description={attempts > 0 ? t("login.attempts", { count: attempts }) : undefined}
            style={{ marginBottom: 16 }}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
          {t("login.submit")}
        </Button>
      </Form>
      {runtimeConfig.sso && (
        <>
          <Divider plain>{t("login.sso.or")}</Divider>
          <Button block icon={<LoginOutlined />} onClick={() => startSingleSignOn(runtimeConfig.sso!)} disabled={isPending} data-testid="login-sso">
            {t("login.sso.button", { provider: runtimeConfig.sso.name })}
          </Button>
        </>
      )}
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
        <Link to="/register">{t("login.requestAccount")}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
