// The row an empty tab shows under its header row (the server's table, the live grid and the AeroOIL
// table; ADR 051): the empty text across every column and, for users with Edit Access, a link to
// the row dialog.
import { Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";

export function EmptyRow({ text, span, addHref, className }: { text: string; span: number; addHref?: string; className?: string }) {
  return (
    <tr data-empty-row="">
      <td colSpan={Math.max(1, span)} className={className} style={{ textAlign: "center", padding: "24px 16px" }}>
        <span className={ui.muted}>{text}</span>
        {addHref ? (
          <>
            {" "}
            <Link to={addHref} preventScrollReset>
              Add the first row
            </Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}
