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
import { loadAuthProvider } from "./providers/apiCode";
import { checkSession } from "./providers/session";
import { preloadRoute } from "./routes";

/** How long the first render waits for the page's code and the identity before showing the loading state instead. */
const ROUTE_PRELOAD_WAIT_MS = 800;

captureUnhandledErrors(window);
applyFavicon(runtimeConfig);
injectChatWidget(runtimeConfig);
// Every console page starts from the signed-in identity: ask for it now, while the page's code loads.
const identityAsked = checkSession() === "signedIn" ? loadAuthProvider().then((authProvider) => authProvider.getIdentity?.()).catch(() => undefined) : undefined;

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element.");

const root = createRoot(container, renderErrorHooks);
const render = () =>
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  );
// The page's code and the identity first, so the page shows without a loading fallback (React holds
// each reveal 300 ms after one) and its header with who is signed in; on a slow network the console
// starts anyway and shows its loading state.
const preloaded = preloadRoute(window.location.pathname).catch(() => undefined);
void Promise.race([Promise.all([preloaded, identityAsked]), new Promise((resolve) => setTimeout(resolve, ROUTE_PRELOAD_WAIT_MS))]).then(render);
