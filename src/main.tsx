import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App } from "./App";
import { injectChatWidget } from "./config/chatWidget";
import { applyFavicon } from "./config/favicon";
import { runtimeConfig } from "./config/runtimeConfig";
import { i18n } from "./i18n/i18n";
import { captureUnhandledErrors, renderErrorHooks } from "./providers/errorCapture";
import { installPlainMessages } from "./contract/plainMessages";
import { authProvider } from "./providers/authProvider";
import { checkSession } from "./providers/session";

installPlainMessages();
captureUnhandledErrors(window);
void applyFavicon(runtimeConfig);
injectChatWidget(runtimeConfig);
// Every console page starts from the signed-in identity: ask for it now, while the page's code loads and runs.
if (checkSession() === "signedIn") authProvider.getIdentity?.().catch(() => undefined);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element.");

createRoot(container, renderErrorHooks).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
