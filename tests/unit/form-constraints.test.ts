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

describe("the browser's form state (app/components/ui/form-state.ts)", () => {
  it("renders the server's errors and echoes what was sent, with the schema's constraints", async () => {
    const { getInputProps, getFormProps, getCollectionProps } = await import("~/components/ui/form-state");
    const { FORM_CONSTRAINTS } = await import("~/models/form-constraints");
    // useForm is a hook; its pure core is exercised through a tiny render-free call.
    const React = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { useForm } = await import("~/components/ui/form-state");
    let captured: unknown;
    function Probe() {
      const [form, fields] = useForm({
        id: "login",
        constraint: FORM_CONSTRAINTS.SignInInput,
        lastResult: { status: "error", initialValue: { email: "a@b.c" }, error: { "": ["Invalid email or password."], password: ["Enter your password."] } },
      });
      captured = { form, email: getInputProps(fields.email!, { type: "email" }), password: getInputProps(fields.password!, { type: "password" }), formProps: getFormProps(form) };
      return null;
    }
    renderToStaticMarkup(React.createElement(Probe));
    const c = captured as {
      form: { errors: string[]; errorId: string };
      email: Record<string, unknown>;
      password: Record<string, unknown>;
      formProps: Record<string, unknown>;
    };
    expect(c.form.errors).toEqual(["Invalid email or password."]);
    expect(c.formProps).toMatchObject({ id: "login", "aria-invalid": true, "aria-describedby": c.form.errorId });
    expect(c.email).toMatchObject({ name: "email", type: "email", required: true, defaultValue: "a@b.c" });
    expect(c.email["aria-invalid"]).toBeUndefined();
    expect(c.password).toMatchObject({ name: "password", required: true, "aria-invalid": true });
    expect("defaultValue" in c.password).toBe(false); // a password is never echoed
    const boxes = getCollectionProps(
      { key: "k", id: "f-s", name: "services", formId: "f", errorId: "e", descriptionId: "d", errors: undefined, initialValue: ["Record Review"], value: undefined, valid: true, constraint: undefined },
      { type: "checkbox", options: ["Record Review", "Physical Inspection"] },
    );
    expect(boxes.map((b) => [b.value, b.defaultChecked])).toEqual([
      ["Record Review", true],
      ["Physical Inspection", false],
    ]);
  });
});
