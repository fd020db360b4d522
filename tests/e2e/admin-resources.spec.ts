import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import * as XLSX from "xlsx";
import { drawnPieces, logical, SHAPED_ARABIC } from "../../src/lib/pdf/drawnText.testing";
import { ADMIN, AGENT, pick, signIn } from "./session";

test("an administrator creates, edits and deletes a market, and exports the list to Excel", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markets");
  await expect(page.getByRole("cell", { name: "Europe, Middle East and Africa" })).toBeVisible();
  // antd's styles for the table, its buttons and the menu come from the built stylesheet, not written as the page renders.
  const writtenAtRunTime = await page.evaluate(() =>
    [...document.querySelectorAll("style[data-css-hash]")].filter((style) => /\.ant-(table|btn|menu)\b/.test(style.textContent ?? "")).length,
  );
  expect(writtenAtRunTime).toBe(0);

  await page.getByTestId("resource-create").click();
  await expect(page).toHaveURL(/drawer=create/);
  await page.getByTestId("field-code").fill("x");
  await page.getByTestId("resource-save").click();
  await expect(page.getByText("2-20 letters, digits or dashes")).toBeVisible();
  await page.getByTestId("field-code").fill("LEVANT");
  await page.getByTestId("field-name").fill("Levant");
  await pick(page, "field-kind", "Flights");
  await page.getByTestId("field-countries").click();
  await page.keyboard.type("Jordan");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.getByTestId("resource-save").click();
  await expect(page.getByTestId("resource-drawer")).toBeHidden();
  const row = page.getByRole("row", { name: /LEVANT/ });
  await expect(row).toContainText("Levant");
  await expect(row).toContainText("Jordan");
  // The market belongs to the organisation that made it.
  await expect(row).toContainText("Aggregator Head Office");

  await row.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByTestId("field-name")).toHaveValue("Levant");
  await page.getByTestId("field-name").fill("Levant and Iraq");
  await page.getByTestId("resource-save").click();
  await expect(page.getByRole("row", { name: /Levant and Iraq/ })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByTestId("export-excel").click();
  const file = await (await download).path();
  const sheet = XLSX.read(readFileSync(file)).Sheets["Markets"]!;
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
  expect(rows[0]).toEqual(["ID", "Code", "Name", "Kind", "Regions", "Countries", "Status", "Owner"]);
  expect(rows.slice(1).map((cells) => cells[1])).toEqual(expect.arrayContaining(["ALL", "EMEA", "GCC", "LEVANT"]));
  expect(rows.find((cells) => cells[1] === "LEVANT")?.slice(2)).toEqual(["Levant and Iraq", "Flights", "", "Jordan", "Active", "Aggregator Head Office"]);

  await page.getByRole("row", { name: /LEVANT/ }).getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: /LEVANT/ })).toHaveCount(0);
});

test("an administrator creates a payment-method rule on the spec's legacy calls, then edits and deletes it", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/fop-rules");
  await page.getByTestId("resource-create").click();
  await page.getByTestId("field-name").fill("Desert Rose: cards only");
  await page.getByTestId("field-validFrom").click();
  await page.keyboard.type("2027-01-01");
  await page.keyboard.press("Enter");
  await pick(page, "field-organisationIds", "Desert Rose Tours");
  await pick(page, "field-paymentMethodIds", "Credit/Debit Card");
  const inserted = page.waitForRequest((request) => request.url().endsWith("/api/insertFopRule"));
  await page.getByTestId("resource-save").click();
  await inserted;
  const row = page.getByRole("row", { name: /Desert Rose: cards only/ });
  await expect(row).toContainText("Credit/Debit Card");
  await expect(row).toContainText("2027-01-01");

  await row.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByTestId("field-name")).toHaveValue("Desert Rose: cards only");
  await page.getByTestId("field-priority").fill("3");
  const updated = page.waitForRequest((request) => request.url().endsWith("/api/updateFopRule"));
  await page.getByTestId("resource-save").click();
  await updated;
  await expect(page.getByRole("row", { name: /Desert Rose: cards only/ })).toContainText("3");

  await page.getByRole("row", { name: /Desert Rose: cards only/ }).getByRole("button", { name: "Delete" }).click();
  const deleted = page.waitForRequest((request) => request.url().endsWith("/api/deleteRule"));
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  await deleted;
  await expect(page.getByRole("row", { name: /Desert Rose: cards only/ })).toHaveCount(0);
});

test("an agent sees no administration menu and is refused the administration URLs", async ({ page }) => {
  await signIn(page, AGENT);
  await expect(page.getByRole("menuitem", { name: /Setup & Configuration/ })).toHaveCount(0);
  for (const path of ["/setup-configuration/markets", "/setup-configuration/fop-rules", "/setup-configuration/merchant-rules"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/access-denied$/);
  }
});

test("an administrator sets up a supplier through the wizard; its credentials are never shown again", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/suppliers");
  await expect(page.getByRole("row", { name: /BA NDC \(sandbox\)/ })).toBeVisible();
  await page.getByTestId("resource-create").click();
  await page.getByTestId("field-code").fill("hotelbeds");
  await page.getByTestId("field-name").fill("Hotelbeds");
  await pick(page, "field-kind", "Hotel supplier");
  await pick(page, "field-category", "hotel");
  await pick(page, "field-source", "Hotelbeds");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("field-endpointUrl").fill("https://api.test.hotelbeds.example");
  await page.getByTestId("field-apiKey").fill("hb-secret-key-42");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-next").click();
  await expect(page.getByText("This field is required").first()).toBeVisible();
  await pick(page, "field-commercialModel", "Net fares");
  await pick(page, "field-settlement", "Direct");
  await pick(page, "field-currency", "Euro (EUR)");
  await page.getByTestId("wizard-next").click();
  await pick(page, "field-features", "Book and hold");
  await page.getByTestId("wizard-next").click();
  const review = page.getByTestId("wizard-review");
  await expect(review.getByRole("row", { name: /Commercial model/ })).toContainText("Net fares");
  await expect(review.getByRole("row", { name: /API key/ })).toContainText("Yes");
  await expect(review).not.toContainText("hb-secret-key-42");
  const created = page.waitForResponse((response) => response.url().endsWith("/api/suppliers") && response.request().method() === "POST");
  await page.getByTestId("resource-save").click();
  const body = await (await created).text();
  expect(body).not.toContain("hb-secret-key-42");
  const row = page.getByRole("row", { name: /Hotelbeds/ }).first();
  await expect(row).toContainText("Hotel supplier");
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByTestId("field-apiKey")).toHaveValue("");
});

test("an administrator previews a connector account's credentials supplier by supplier, then imports them", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/suppliers");
  await page.getByTestId("connector-import-button").click();
  await page.getByTestId("connector-import-preview").click();
  await expect(page.getByText("3 to 40 letters, digits or dashes")).toBeVisible();
  await expect(page.getByTestId("connector-import-confirm")).toBeDisabled();
  await page.getByTestId("connector-import-account").fill("GULF-0001");
  await page.getByTestId("connector-import-preview").click();
  const changes = page.getByTestId("connector-import-changes");
  const ba = changes.getByRole("row", { name: /ba-ndc/ });
  await expect(ba).toContainText("https://sandbox.connector.example/ndc/ba");
  await expect(ba).toContainText("GULF-0001-ba-ndc");
  await expect(page.getByTestId("connector-import-key-ba-ndc")).toHaveText("Added");
  await expect(changes.locator("tbody tr.ant-table-row")).toHaveCount(3);
  await page.getByTestId("connector-import-confirm").click();
  await expect(page.getByText("Credentials imported for 3 suppliers.")).toBeVisible();
  await expect(changes).toHaveCount(0);
  await expect(page.getByRole("row", { name: /BA NDC \(sandbox\)/ })).toContainText("Yes");

  await page.getByTestId("connector-import-button").click();
  await page.getByTestId("connector-import-account").fill("GULF-0001");
  await page.getByTestId("connector-import-preview").click();
  await expect(page.getByTestId("connector-import-key-ba-ndc")).toHaveText("Unchanged");
  await page.getByTestId("connector-import-account").fill("GULF-0002");
  await expect(page.getByTestId("connector-import-plan")).toHaveCount(0);
  await page.getByTestId("connector-import-preview").click();
  await expect(page.getByTestId("connector-import-key-ba-ndc")).toHaveText("Replaced");
});

test("the Excel export holds only the filtered rows, and a duplicate code is refused with the server's message", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markets");
  const filters = page.getByTestId("resource-filters");
  await filters.getByLabel("Kind").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Money transfer" }).click();
  await page.getByTestId("resource-filter-apply").click();
  await expect(page.getByRole("row", { name: /EMEA/ })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /DMT-GCC/ })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByTestId("export-excel").click();
  const sheet = XLSX.read(readFileSync(await (await download).path())).Sheets["Markets"]!;
  const codes = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 }).slice(1).map((cells) => cells[1]);
  expect(codes).toEqual(["DMT-GCC"]);

  await page.getByTestId("resource-create").click();
  await page.getByTestId("field-code").fill("GCC");
  await page.getByTestId("field-name").fill("Gulf again");
  await pick(page, "field-kind", "Flights");
  await page.getByTestId("resource-save").click();
  await expect(page.getByText("Another markets record already has this value; it must be unique.")).toBeVisible();
  await expect(page.getByTestId("resource-drawer")).toBeVisible();
});

test("an organisation's derived fields are listed but never offered in its form; the server derives them on create", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/point-sales-management/organisations");
  await expect(page.getByTestId("resource-table").getByRole("columnheader", { name: "Level" })).toBeVisible();
  await page.getByTestId("resource-create").click();
  await expect(page.getByTestId("field-name")).toBeVisible();
  await expect(page.getByTestId("field-hierarchyLevel")).toHaveCount(0);
  await expect(page.getByTestId("field-creditUsed")).toHaveCount(0);
  await page.getByTestId("field-name").fill("Levant Travel");
  await pick(page, "field-type", "Partner");
  await pick(page, "field-parentId", "Gulf Partners Network");
  // The country proposes its currency until the administrator picks one.
  await pick(page, "field-countryCode", "Jordan");
  await expect(page.getByTestId("field-currencyCode")).toContainText("Jordanian Dinar (JOD)");
  await pick(page, "field-countryCode", "Saudi Arabia");
  await expect(page.getByTestId("field-currencyCode")).toContainText("Saudi Riyal (SAR)");
  await pick(page, "field-currencyCode", "Kuwaiti Dinar (KWD)");
  await pick(page, "field-countryCode", "Jordan");
  await expect(page.getByTestId("field-currencyCode")).toContainText("Kuwaiti Dinar (KWD)");
  await page.getByTestId("resource-save").click();
  await expect(page.getByTestId("resource-drawer")).toBeHidden();
  await expect(page.getByRole("row", { name: /Levant Travel/ })).toContainText("Partner");
  await expect(page.getByRole("row", { name: /Levant Travel/ })).toContainText("KWD");
});

test("an administrator creates a markup rule in five steps, finds it listed, and deletes it", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markup-rules");
  await expect(page.getByTestId("markup-table")).toBeVisible();
  await page.getByTestId("markup-create").click();
  // Next checks the step: a rule without a name stays on its first step, the field saying why in words.
  await page.getByTestId("markup-next").click();
  await expect(page.getByTestId("markup-wizard").getByText("Required", { exact: true })).toBeVisible();
  await expect(page.getByTestId("markup-name")).toBeVisible();
  await page.getByTestId("markup-name").fill("Summer agency margin");
  for (let step = 0; step < 3; step += 1) await page.getByTestId("markup-next").click();
  // Airports and countries are picked from the reference lists, by city or name, not typed as codes.
  await page.getByTestId("markup-origin-airports").click();
  const airportOptions = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").last().locator(".ant-select-item-option");
  await page.keyboard.type("KWI");
  await airportOptions.filter({ hasText: "KWI ·" }).first().click();
  await page.keyboard.type("Dubai");
  await airportOptions.filter({ hasText: "DXB ·" }).first().click();
  await page.keyboard.press("Escape");
  await pick(page, "markup-destination-countries", "Saudi Arabia");
  await expect(page.getByTestId("markup-origin-airports")).toContainText("KWI · Kuwait");
  await page.getByTestId("markup-next").click();
  await page.getByTestId("markup-percentage").fill("2.55.1");
  await page.getByTestId("markup-save").click();
  await expect(page.getByText("Some fields need attention.")).toBeVisible();
  await page.getByTestId("markup-percentage").fill("2.5");
  await page.getByTestId("markup-save").click();
  await expect(page.getByText("Rule saved: the next searches are priced with it.")).toBeVisible();
  const row = page.getByRole("row", { name: /Summer agency margin/ });
  await expect(row).toContainText("2.5%");
  // Opened again, the rule names the airports and the country it was saved with.
  await row.getByRole("button", { name: "Edit" }).click();
  await page.getByTestId("markup-wizard").getByText("Criteria", { exact: true }).click();
  await expect(page.getByTestId("markup-origin-airports")).toContainText("KWI · Kuwait");
  await expect(page.getByTestId("markup-origin-airports")).toContainText("DXB · Dubai");
  await expect(page.getByTestId("markup-destination-countries")).toContainText("Saudi Arabia");
  await page.getByTestId("markup-wizard").getByRole("button", { name: "Close" }).click();
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Rule deleted.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Summer agency margin/ })).toHaveCount(0);

  // The simulator prices a search as an agency would be charged.
  await page.getByTestId("markup-simulate").click();
  // Not pick(): its closing Escape would close the drawer too.
  await page.getByTestId("simulator-organisation").click();
  await page.keyboard.type("Gulf Horizon Travel");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Gulf Horizon Travel" }).first().click();
  await page.getByLabel("From", { exact: true }).fill("KWI");
  await page.getByLabel("To", { exact: true }).fill("LHR");
  await page.getByRole("button", { name: "Price", exact: true }).click();
  await expect(page.getByTestId("simulator-results").locator("tbody tr").first()).toContainText("KWD");
});

test("a list that fails to load says why and offers to try again; filters that match nothing offer to clear them", async ({ page }) => {
  await signIn(page, ADMIN);
  let failing = true;
  await page.route(/\/api\/markets(\?|$)/, async (route) => {
    if (!failing) return route.continue();
    await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ status: 500, code: "internal", message: "The database did not answer.", requestId: "req-e2e-1" }) });
  });
  await page.goto("/setup-configuration/markets");
  const failed = page.getByTestId("resource-list-failed");
  await expect(failed.getByText("The list could not be loaded.")).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByText("The database did not answer.")).toBeVisible();
  await expect(page.getByText("No data")).toHaveCount(0);
  failing = false;
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("cell", { name: "Europe, Middle East and Africa" })).toBeVisible();

  await page.getByTestId("resource-filters").getByLabel("Name").fill("no market is called this");
  await page.getByTestId("resource-filter-apply").click();
  await expect(page.getByText("No records match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear the filters" }).click();
  await expect(page.getByRole("cell", { name: "Europe, Middle East and Africa" })).toBeVisible();
  await expect(page.getByTestId("resource-filters").getByLabel("Name")).toHaveValue("");
});

test("lists name related records, colour statuses, count their rows and keep the less used filters behind More filters", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/users/users");
  const agent = page.getByRole("row", { name: /agent@gulfhorizon/ });
  await expect(agent).toContainText("Gulf Horizon Travel");
  await expect(agent.locator(".ant-tag", { hasText: "Agency agent" })).toBeVisible();
  await expect(agent.locator(".ant-tag-success", { hasText: "Active" })).toBeVisible();
  await expect(page.locator(".ant-pagination-total-text")).toHaveText(/^\d+ records$/);

  const filters = page.getByTestId("resource-filters");
  await expect(filters.getByLabel("Agent code")).toBeHidden();
  await page.getByTestId("resource-more-filters").click();
  await filters.getByLabel("Agent code").fill("GHT002");
  await page.getByTestId("resource-filter-apply").click();
  await expect(page.getByRole("row", { name: /otpuser/ })).toBeVisible();
  await expect(agent).toHaveCount(0);

  await page.goto("/point-sales-management/organisations");
  await expect(page.getByRole("row", { name: /Desert Rose Tours/ })).toContainText("Gulf Partners Network");
  const limit = page.getByRole("row", { name: /Desert Rose Tours/ }).getByRole("cell", { name: "KWD 2,500.000" });
  await expect(limit).toHaveCSS("text-align", "end");
  await expect(limit).toHaveCSS("white-space", "nowrap");
  await page.getByRole("row", { name: /Desert Rose Tours/ }).getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("resource-show").locator(".ant-drawer-title")).toHaveText("Desert Rose Tours (organisation)");

  // A country is picked by its name and listed by it.
  await page.goto("/setup-configuration/visa-products?drawer=create");
  await page.getByTestId("field-country").click();
  await page.keyboard.type("Oman");
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Oman (OM)" })).toBeVisible();
});

test("a role's grants are a grid of sections by actions, with the quoting tool; the list shows the sections it opens", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/user-role-management/roles");
  await page.getByTestId("resource-create").click();
  await page.getByTestId("field-name").fill("Ticketing desk");
  const grid = page.getByTestId("permission-grid");
  // Editing bookings brings viewing them along; every action of the dashboard at once.
  await grid.getByRole("checkbox", { name: "Bookings: edit" }).check();
  await expect(grid.getByRole("checkbox", { name: "Bookings: view" })).toBeChecked();
  await grid.getByRole("checkbox", { name: "Every action of Dashboard" }).check();
  await expect(grid.getByRole("checkbox", { name: "Dashboard: delete" })).toBeChecked();
  await page.getByTestId("permission-quoting-tool").click();
  await page.getByTestId("resource-save").click();
  const row = page.getByRole("row", { name: /Ticketing desk/ });
  await expect(row.locator(".ant-tag", { hasText: "Bookings (2/4)" })).toBeVisible();
  await expect(row.locator(".ant-tag", { hasText: /^Dashboard$/ })).toBeVisible();
  await expect(row.locator(".ant-tag", { hasText: "Quoting tool" })).toBeVisible();
  await expect(row.getByTestId("permission-summary").locator(".ant-tag")).toHaveCount(3);

  // Stored as granted: opened again, the grid shows the same grants.
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(grid.getByRole("checkbox", { name: "Bookings: edit" })).toBeChecked();
  await expect(grid.getByRole("checkbox", { name: "Bookings: delete" })).not.toBeChecked();
  await expect(grid.getByRole("checkbox", { name: "Search: view" })).not.toBeChecked();
  await expect(page.getByTestId("permission-quoting-tool")).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});

test("the markup template downloads with its columns and an example; an upload's problems are listed by row and column, then the example imports", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markup-rules");
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/markup-bulk-upload")) uploads.push(request.method());
  });
  const download = page.waitForEvent("download");
  await page.getByTestId("markup-template").click();
  const template = readFileSync(await (await download).path());
  const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(template).Sheets["Markup rules"]!, { header: 1, defval: "" });
  expect(rows[0]?.slice(0, 4)).toEqual(["name", "layer", "status", "priority"]);
  expect(rows[1]?.[0]).toBe("Kuwait agencies, economy");

  // The example with its name removed and an amount too precise for KWD.
  const broken = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(broken, XLSX.utils.aoa_to_sheet([rows[0]!, rows[1]!.map((cell, index) => (index === 0 ? "" : rows[0]![index] === "value" ? "2.5001" : cell))]), "Rules");
  await page.locator('input[type="file"]').setInputFiles({ name: "rules.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(XLSX.write(broken, { type: "array", bookType: "xlsx" }) as ArrayBuffer) });
  const problems = page.getByTestId("markup-upload-errors");
  await expect(problems).toContainText("Nothing was imported");
  await expect(problems).toContainText("Row 2, column value: KWD amounts have at most 3 decimals.");
  await expect(problems).not.toContainText("{{");
  // The browser checked the rows with the server's own rules, and sent nothing.
  expect(uploads).toEqual([]);

  await page.locator('input[type="file"]').setInputFiles({ name: "template.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: template });
  await expect(page.getByText("1 rule imported.")).toBeVisible();
  expect(uploads).toEqual(["POST"]);
  const imported = page.getByRole("row", { name: /Kuwait agencies, economy/ });
  await imported.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(imported).toHaveCount(0);
});

test("leaving a form with unsaved changes asks first, in a dialog in the user's language", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markets?drawer=create");
  await page.getByTestId("field-name").fill("Half-typed market");
  // Escape closes an open list only, never the drawer behind it.
  await page.getByTestId("field-kind").click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("resource-drawer")).toBeVisible();
  await expect(page.getByRole("dialog").filter({ hasText: "Leave without saving?" })).toHaveCount(0);

  await page.getByTestId("resource-drawer").getByRole("button", { name: "Close", exact: true }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Leave without saving?" });
  await expect(dialog).toContainText("The changes you made on this page are not saved.");
  await page.getByTestId("unsaved-stay").click();
  await expect(page).toHaveURL(/drawer=create/);
  await expect(page.getByTestId("field-name")).toHaveValue("Half-typed market");

  await page.evaluate(() => localStorage.setItem("language", "ar"));
  await page.reload();
  await page.getByTestId("field-name").fill("سوق غير محفوظ");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog").filter({ hasText: "المغادرة دون حفظ؟" })).toContainText("لم تُحفظ");
  await page.getByTestId("unsaved-leave").click();
  await expect(page.getByTestId("resource-drawer")).toBeHidden();
  await expect(page).not.toHaveURL(/drawer=/);
  await page.evaluate(() => localStorage.setItem("language", "en"));
});

test("an administrator working in Arabic exports a list to a PDF written right to left in the Arabic font", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.evaluate(() => localStorage.setItem("language", "ar"));
  await page.goto("/setup-configuration/markets");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("cell", { name: "GCC", exact: true })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByTestId("export-pdf").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("markets.pdf");
  const pdf = readFileSync((await file.path())!).toString("latin1");
  expect(pdf).toContain("/BaseFont /Amiri");
  const pieces = drawnPieces(pdf);
  const title = pieces.find((piece) => logical(piece.text) === "الأسواق")!;
  expect(SHAPED_ARABIC.test(title.text)).toBe(true);
  // The code column comes first from the right: "GCC" sits right of its market's name.
  const code = pieces.find((piece) => piece.text === "GCC")!;
  const name = pieces.find((piece) => piece.y === code.y && piece.text.includes("Gulf"))!;
  expect(code.x).toBeGreaterThan(name.x);
});

test("an administrator filters users by their organisation, picked by name from a server search, and the filter survives a reload", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/users/users");
  await expect(page.getByRole("row", { name: /agent@gulfhorizon\.example/ })).toBeVisible();
  const organisation = page.getByTestId("filter-organisationId");
  if (!(await organisation.isVisible())) await page.getByTestId("resource-more-filters").click();
  await organisation.click();
  await page.keyboard.type("Head Off");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Aggregator Head Office" }).click();
  await page.getByTestId("resource-filter-apply").click();
  await expect(page.getByRole("row", { name: /agent@gulfhorizon\.example/ })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /admin@aggregator\.example/ })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("filter-organisationId")).toContainText("Aggregator Head Office");
  await expect(page.getByRole("row", { name: /agent@gulfhorizon\.example/ })).toHaveCount(0);
  await page.getByTestId("resource-filters").getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("row", { name: /agent@gulfhorizon\.example/ })).toBeVisible();
  await expect(page.getByTestId("filter-organisationId")).not.toContainText("Aggregator Head Office");
});
