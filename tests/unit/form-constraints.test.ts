// The forms' HTML constraints are generated from the zod schemas (scripts/gen-form-constraints.ts) so
// the browser gets them without zod (issue 12, ADR 027). This fails when a schema changed and the
// generated files were not refreshed: run `npm run gen:constraints`.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { CONSTRAINTS_DIR, CONSTRAINTS_FILE, constraintFiles, constraintsSource } from "../../scripts/gen-form-constraints";

describe("app/models/form-constraints.ts", () => {
  it("matches the zod schemas", () => {
    expect(fs.readFileSync(CONSTRAINTS_FILE, "utf8"), "run `npm run gen:constraints`").toBe(constraintsSource());
  });

  it("has one module per form that matches its schema, and no other (app/models/form-constraints/)", () => {
    const files = constraintFiles();
    expect(fs.readdirSync(CONSTRAINTS_DIR).map((f) => path.join(CONSTRAINTS_DIR, f)).sort(), "run `npm run gen:constraints`").toEqual(Object.keys(files).sort());
    for (const [file, source] of Object.entries(files)) expect(fs.readFileSync(file, "utf8"), `${file}: run \`npm run gen:constraints\``).toBe(source);
  });
});

describe("a form's fields from the server's answer (app/components/ui/form-fields.ts)", () => {
  it("renders the server's errors and echoes what was sent, with the schema's constraints", async () => {
    const { formFields, getInputProps, getFormProps, getCollectionProps } = await import("~/components/ui/form-fields");
    const { FORM_CONSTRAINTS } = await import("~/models/form-constraints");
    const [form, fields] = formFields({
      id: "login",
      constraint: FORM_CONSTRAINTS.SignInInput,
      lastResult: { status: "error", initialValue: { email: "a@b.c" }, error: { "": ["Invalid email or password."], password: ["Enter your password."] } },
    });
    expect(form.errors).toEqual(["Invalid email or password."]);
    expect(getFormProps(form)).toMatchObject({ id: "login", "aria-invalid": true, "aria-describedby": form.errorId });
    const email = getInputProps(fields.email!, { type: "email" });
    expect(email).toMatchObject({ id: "login-email", name: "email", type: "email", required: true, maxLength: 254, defaultValue: "a@b.c" });
    expect(email["aria-invalid"]).toBeUndefined();
    const password = getInputProps(fields.password!, { type: "password" });
    expect(password).toMatchObject({ name: "password", required: true, "aria-invalid": true, "aria-describedby": "login-password-error" });
    expect("defaultValue" in password).toBe(false); // a password is never echoed
    expect(fields.password!.errors).toEqual(["Enter your password."]);
    const boxes = getCollectionProps(
      { id: "f-s", name: "services", errorId: "e", errors: undefined, initialValue: ["Record Review"], constraint: undefined },
      { type: "checkbox", options: ["Record Review", "Physical Inspection"] },
    );
    expect(boxes.map((b) => [b.value, b.defaultChecked])).toEqual([
      ["Record Review", true],
      ["Physical Inspection", false],
    ]);
  });

  it("starts from the form's defaults until the server answers", async () => {
    const { formFields } = await import("~/components/ui/form-fields");
    const [form, fields] = formFields({ id: "register", defaultValue: { role: "client" } });
    expect(form.errors).toBeUndefined();
    expect(fields.role!.initialValue).toBe("client");
    expect(fields.email!.initialValue).toBeUndefined();
  });
});
