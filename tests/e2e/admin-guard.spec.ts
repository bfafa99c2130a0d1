// Every admin page refuses client and consultant accounts (spec 000 §5 role guard: /errors/error-401).
// The loader-level test over every route file is tests/unit/admin-routes.test.ts; this checks the same
// in a browser for the spec's admin URLs.
import { expect, login, test } from "./fixtures";

const ADMIN_URLS = [
  "/admin/analytics",
  "/admin/consultant/create",
  "/admin/consultant/dashboard",
  "/admin/client/create",
  "/admin/client/dashboard",
  "/admin/organization/create",
  "/admin/organization",
  "/dashboard",
  "/deactivate",
  "/admin/ip-whitelist",
  "/admin/ip-whitelist/create",
  "/admin/user-access-control",
  "/admin/es-migration",
  "/admin/audit",
  "/admin/aeroops/create",
  "/admin/aeroops/organization",
  "/admin/aeroops/org?org=skyline",
  "/admin/aeroops/template/manufacturers",
  "/nextcloud/user",
  "/nextcloud/user/create",
  "/nextcloud/group",
  "/nextcloud/group/create",
  "/aerooil/create",
  "/aerooil/organization",
  "/aerooil/view?organization=skyline",
  "/aerooil/msnids?organization=skyline",
];

for (const email of ["client@demo.aero", "consultant@demo.aero"]) {
  test(`${email} is refused on every admin page`, async ({ page }) => {
    await login(page, email);
    for (const url of ADMIN_URLS) {
      await page.goto(url);
      await expect(page, url).toHaveURL(/\/errors\/error-401$/);
    }
  });
}

test("ops_template lands on the AeroOPS organizations and may create them, not the rest", async ({ page }) => {
  await login(page, "template@demo.aero");
  await expect(page).toHaveURL(/\/admin\/aeroops\/organization$/);
  await page.goto("/admin/aeroops/create");
  await expect(page.getByRole("heading", { level: 1, name: "Create AeroOPS" })).toBeVisible();
  for (const url of ["/admin/analytics", "/admin/user-access-control", "/aerooil/create", "/admin/aeroops/organization?type=Aerooil"]) {
    await page.goto(url);
    await expect(page, url).toHaveURL(/\/errors\/error-401$/);
  }
});
