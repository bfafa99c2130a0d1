// The access tables of user access control: one row per aircraft (a user's access) or per person (an
// aircraft's access), a select per product. Each row is its own small form (the HTML form attribute
// ties the selects in the cells to the form in the last cell), so a row saves without JavaScript.
import type { ReactNode } from "react";
import { ActionsCell, ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import * as ui from "~/components/ui/ui.css";
import { type ProductAccess } from "~/models/schemas/admin";
import { ACCESS_LABELS, PRODUCT_LABEL, PRODUCTS, type AccessProduct } from "~/models/admin-constants";
import * as s from "./admin.css";
import { RowActionButton, RowActionForm } from "./list-parts";

export function LevelSelect({
  form,
  product,
  value,
  label,
  disabled,
}: {
  form: string;
  product: AccessProduct;
  value: string | null;
  label: string;
  disabled?: boolean;
}) {
  return (
    <>
      <select
        form={form}
        name={disabled ? undefined : product}
        defaultValue={value ?? ""}
        className={`${ui.input} ${s.select}`}
        aria-label={label}
        disabled={disabled}
      >
        <option value="">No access</option>
        <option value="read">{ACCESS_LABELS.read}</option>
        <option value="write">{ACCESS_LABELS.write}</option>
        <option value="su_write">{ACCESS_LABELS.su_write}</option>
      </select>
      <input form={form} type="hidden" name={disabled ? undefined : `was_${product}`} value={value ?? ""} />
    </>
  );
}

/** The header of an access table: the row's own columns, one column per product, and the Save column. */
export function AccessTableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {PRODUCTS.map((p) => (
          <th key={p} scope="col">
            {PRODUCT_LABEL[p]}
          </th>
        ))}
        <ActionsHeader label="Save" />
      </tr>
    </thead>
  );
}

export function AccessCells({
  formId,
  access,
  what,
  canManage,
}: {
  formId: string;
  access: ProductAccess;
  what: string;
  canManage: Record<AccessProduct, boolean>;
}) {
  return (
    <>
      {PRODUCTS.map((p) => (
        <td key={p} className={s.matrixCell}>
          <LevelSelect form={formId} product={p} value={access[p]} label={`${PRODUCT_LABEL[p]} access ${what}`} disabled={!canManage[p]} />
        </td>
      ))}
    </>
  );
}

/** The last cell of a row: the row's form with its hidden ids and the Save button. */
export function RowForm({
  formId,
  userId,
  aircraftId,
  redirectTo,
  label,
  children,
}: {
  formId: string;
  userId: number;
  aircraftId: number;
  redirectTo: string;
  label: string;
  children?: ReactNode;
}) {
  return (
    <ActionsCell>
      <RowActionForm id={formId} fields={{ intent: "row", user_id: userId, aircraft_id: aircraftId }} redirectTo={redirectTo}>
        <RowActionButton label={label}>Save</RowActionButton>
      </RowActionForm>
      {children}
    </ActionsCell>
  );
}
