// The template editor's form rules (issue 14 item 4): columns typed one per line, and the columns
// form (rename, retype, reorder by position, one new column).
import { describe, expect, it } from "vitest";
import { parseColumnLines, readColumnsForm } from "../../app/models/template-editor.server";

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.append(k, v);
  return f;
};

describe("columns typed one per line", () => {
  it("reads names and types, text by default, blank lines skipped", () => {
    expect(parseColumnLines("Description\n\n Due : date \nLimit Months: Number")).toEqual({
      columns: [
        { name: "Description", type: "text", editable: true },
        { name: "Due", type: "date", editable: true },
        { name: "Limit Months", type: "number", editable: true },
      ],
    });
  });
  it("refuses an unknown type, a name twice and a missing name, naming the line", () => {
    expect(parseColumnLines("A\nB: money")).toEqual({ error: "Line 2: the type must be one of text, number, date, select." });
    expect(parseColumnLines("Part\npart")).toEqual({ error: 'Line 2: the column "part" is named twice.' });
    expect(parseColumnLines(": date")).toEqual({ error: "Line 1: enter a column name before the colon." });
  });
});

describe("the columns form", () => {
  it("orders by the positions typed, keeps ids, adds the new column last", () => {
    const r = readColumnsForm(
      form({
        "col.0.id": "11", "col.0.name": "Description", "col.0.type": "text", "col.0.position": "2", "col.0.editable": "on",
        "col.1.id": "12", "col.1.name": "Due date", "col.1.type": "date", "col.1.position": "1",
        "new.name": "Part No", "new.type": "text",
      }),
    );
    expect("columns" in r && r.columns).toEqual([
      { id: 12, name: "Due date", type: "date", editable: false },
      { id: 11, name: "Description", type: "text", editable: true },
      { name: "Part No", type: "text", editable: true },
    ]);
  });
  it("refuses a blank name, a bad type and two columns of one name, keeping what was typed", () => {
    const blank = readColumnsForm(form({ "col.0.id": "1", "col.0.name": " ", "col.0.type": "text" }));
    expect(blank).toMatchObject({ error: "Column 1: enter a name.", values: { "col.0.name": " " } });
    expect(readColumnsForm(form({ "col.0.id": "1", "col.0.name": "A", "col.0.type": "money" }))).toMatchObject({ error: "Column 1: choose a type." });
    expect(readColumnsForm(form({ "col.0.id": "1", "col.0.name": "A", "col.0.type": "text", "new.name": "a" }))).toMatchObject({ error: 'Two columns are named "A".' });
  });
});
