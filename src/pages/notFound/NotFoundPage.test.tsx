// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import { NotFoundPage } from "./NotFoundPage";

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

describe("NotFoundPage", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("shows the spec's texts with the requested address, and the button goes to /dashboard", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/no/such/page?x=1"]}>
          <Routes>
            <Route path="/dashboard" element={<CurrentPath />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );

    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("404 Not Found");
    expect(screen.getByText("Sorry, an error has occured. Requested page not found!")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Not Found");
    expect(screen.getByText("Error: The requested address /no/such/page?x=1 was not found on this server.")).toBeTruthy();
    expect(screen.getByText("Try pressing the back button or clicking on this button.")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Take Me Home" }));
    expect(screen.getByTestId("current-path").textContent).toBe("/dashboard");
  });
});
