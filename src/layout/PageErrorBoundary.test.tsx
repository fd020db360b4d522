// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n";
import { PageErrorBoundary } from "./PageErrorBoundary";

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'segments')");
}

describe("PageErrorBoundary", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("shows that the page failed, keeps what is around it, and starts afresh at another address", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/results"]}>
          <nav>
            <Link to="/dashboard">Menu: dashboard</Link>
          </nav>
          <PageErrorBoundary>
            <Routes>
              <Route path="/results" element={<Broken />} />
              <Route path="/dashboard" element={<p>Dashboard page</p>} />
            </Routes>
          </PageErrorBoundary>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText("This page failed to show")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Menu: dashboard" }));
    expect(screen.getByText("Dashboard page")).toBeTruthy();
    expect(screen.queryByText("This page failed to show")).toBeNull();
    logged.mockRestore();
  });
});
