// The upload dialog without JavaScript (issue 35 "Uploads", ADR 086): the pickers are the browser's own
// labelled file inputs, on screen, and no drop zone is offered (nothing would take the drop). The
// multipart upload itself is covered over HTTP (tests/http/storage.test.ts); with JavaScript: uploads.spec.ts.
import { expect, login, test } from "./fixtures";
import { openFirstAircraft } from "./storage-helpers";

test("the upload dialog's pickers are plain file inputs", async ({ page }) => {
  await login(page, "client@demo.aero");
  const base = await openFirstAircraft(page);
  await page.goto(`${base}?dialog=upload`);
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  for (const label of ["Choose files", "Or choose a folder"]) {
    const input = dialog.getByLabel(label);
    await expect(input).toHaveAttribute("type", "file");
    expect((await input.boundingBox())!.width).toBeGreaterThan(100);
  }
  await expect(dialog.getByText("Drag files or a folder here, or")).toHaveCount(0);
  await expect(page.locator("[data-drop-area]")).toHaveCount(0);
});
