// The file search's scope (issue 16 item 5, spec 000 §2 "Top bar and search"), with JavaScript: an
// organization with the search-all flag searches all its aircraft and is offered nothing else; an
// administrator with a client organization selected sees that organization named. Without
// JavaScript: tests/http/storage.test.ts.
import { expect, login, test } from "./fixtures";

test("with the search-all flag the scope shows all aircraft and offers nothing else", async ({ page }) => {
  await login(page, "mikko.virtanen@nordic.demo.aero");
  await page.goto("/storage/overview");
  await page.locator("main a[href^='/storage/aircraft/']:visible").first().click();
  await expect(page).toHaveURL(/\/storage\/aircraft\/\d+\/files/);
  const search = page.getByRole("search", { name: "File search" });
  await expect(search.getByRole("combobox")).toHaveCount(0);
  await expect(search.locator("[data-scope=all]")).toHaveText("All aircraft");
  await search.getByRole("searchbox").fill("certificate");
  await search.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/storage\/search\?.*scope=all/);
  await expect(page.locator("[data-scope]").first()).toContainText("All aircraft");
});

test("an administrator with a client organization selected sees it named", async ({ page }) => {
  await login(page, "admin@demo.aero");
  await page.goto("/storage/search?query=certificate&organization=skyline");
  await expect(page.getByText(/Searched all aircraft of Skyline Leasing/)).toBeVisible();
  await page.goto("/storage/search?query=certificate");
  await expect(page.getByText(/Searched all aircraft you have access to/)).toBeVisible();
});
