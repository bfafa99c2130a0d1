// /verify/{code}: the public verification of an electronic signature (ADR 088), for anyone who holds
// a signed work order's or logbook page's PDF: no sign-in, outside the shell. It shows what the
// signature states (signer, role, authorisation, meaning, time, the record's kind and version, whether
// the record changed since, the SHA-256 of the signed content, the organization) and never the
// record's content. A SHA-256 computed elsewhere is compared here (`?sha256=`); /verify asks for a
// code. With `Accept: application/json` the page answers the ops API's verification as JSON (the
// `signature:verify` command's --url check; entry.server.tsx).
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Logo } from "~/components/brand/logo";
import * as auth from "~/components/auth/auth.css";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/signatures/signatures.css";
import * as ui from "~/components/ui/ui.css";
import { normalizeCode, normalizeSha256 } from "~/models/signature-rules";
import * as signatures from "~/models/signatures.server";
import { apiFor } from "~/utils/auth.server";
import { dateTimeUtc } from "~/utils/dates";

/** The loader's `json` is this page's answer to a client that asks for JSON (entry.server.tsx). */
export const handle = { json: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.state === "valid" ? "Valid signature" : data?.state === "unknown" ? "Signature not found" : "Verify a signature"} · AeroRecords` },
  { name: "robots", content: "noindex" },
];

const CODE_HINT = "12 letters and digits, as printed on the record: XXXX-XXXX-XXXX.";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const vary = { headers: { Vary: "Accept", "Cache-Control": "no-store" } };
  if (!params.code) {
    // The "Verify a code" form: a code as typed goes to its page.
    const typed = url.searchParams.get("code");
    const code = normalizeCode(typed);
    if (code) throw redirect(`/verify/${code}`);
    const error = typed === null ? null : `That is not a verification code: ${CODE_HINT}`;
    return data({ state: "ask" as const, typed: typed ?? "", error, json: undefined }, { status: error ? 422 : 200, ...vary });
  }
  // The code as printed, whatever case or dashes it was typed with.
  const code = normalizeCode(params.code);
  if (code && code !== params.code) throw redirect(`/verify/${code}${url.search}`);
  const res = await signatures.verify(await apiFor(request, context), params.code);
  if (!res.ok) {
    return data({ state: "unknown" as const, typed: params.code, error: res.error, json: res.data ?? { error: res.error } }, { status: res.status, ...vary });
  }
  const typedSha = url.searchParams.get("sha256");
  const sha = normalizeSha256(typedSha);
  const check = typedSha === null ? null : sha === null ? ("invalid" as const) : sha === res.data.content_hash.toLowerCase() ? ("match" as const) : ("differs" as const);
  return data({ state: "valid" as const, signature: res.data, check, typedSha: typedSha ?? "", json: res.data }, vary);
}

function CodeForm({ typed, error, label }: { typed: string; error: string | null; label: string }) {
  return (
    <Form method="get" action="/verify" className={s.checkForm}>
      <div className={ui.field} style={{ flex: "1 1 220px", marginBottom: 0 }}>
        <label className={ui.label} htmlFor="verify-code">
          {label}
        </label>
        <input
          id="verify-code"
          name="code"
          defaultValue={typed}
          required
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          className={`${ui.input} ${ui.mono}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "verify-code-error" : "verify-code-hint"}
        />
        {error ? (
          <p id="verify-code-error" className={ui.errorText}>
            {error}
          </p>
        ) : (
          <span id="verify-code-hint" className={ui.hint}>
            {CODE_HINT}
          </span>
        )}
      </div>
      <button type="submit" className={ui.button.secondary}>
        Verify
      </button>
    </Form>
  );
}

export default function VerifySignature() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className={auth.page}>
      <header className={auth.header}>
        <Link className={auth.homeLink} aria-label="AeroRecords home" to="/">
          <Logo />
        </Link>
      </header>
      <main id="main" tabIndex={-1} className={s.verifyMain}>
        <div className={s.verifyColumn}>
          {d.state === "valid" ? (
            <Valid d={d} />
          ) : d.state === "unknown" ? (
            <section className={ui.card}>
              <h1 className={ui.pageTitle}>{d.error}</h1>
              <p className={ui.pageLead}>Check the code printed in the record's signature block: {CODE_HINT}</p>
              <div style={{ marginTop: 16 }}>
                <CodeForm typed={d.typed} error={null} label="Verification code" />
              </div>
            </section>
          ) : (
            <section className={ui.card}>
              <h1 className={ui.pageTitle}>Verify a signature</h1>
              <p className={ui.pageLead}>Work orders and logbook pages signed in AeroRecords carry a verification code in their signature block. Enter it to see what was signed, by whom and when.</p>
              <div style={{ marginTop: 16 }}>
                <CodeForm typed={d.typed} error={d.error} label="Verification code" />
              </div>
            </section>
          )}
        </div>
      </main>
      <footer className={auth.footer}>
        <span>© {new Date().getFullYear()} AeroRecords</span>
        <span>The record itself is shown only to those who may open it.</span>
      </footer>
    </div>
  );
}

type ValidData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "valid" }>;

function Valid({ d }: { d: ValidData }) {
  const sig = d.signature;
  return (
    <>
      <section className={ui.card} aria-labelledby="verify-title">
        <div className={s.verdict}>
          <h1 id="verify-title" className={ui.pageTitle}>
            Valid signature
          </h1>
          <span className={`${ui.badge} ${ui.badgeTone.success}`}>{sig.code}</span>
        </div>
        <p className={ui.pageLead} style={{ marginBottom: 16 }}>
          AeroRecords holds this signature as it was made. The record's content is not shown here.
        </p>
        {sig.changed_since ? (
          <p className={ui.alert.warning} data-changed-since="">
            Signed version {sig.version}; changed since: the record is now at version {sig.latest_version}. The signature stays on the version it signed.
          </p>
        ) : null}
        <dl className={s.facts}>
          <dt className={s.fact}>Signed by</dt>
          <dd>{sig.signer_name}</dd>
          <dt className={s.fact}>Role</dt>
          <dd>{sig.signer_role}</dd>
          <dt className={s.fact}>Authorisation</dt>
          <dd>{sig.signer_authorisation || "—"}</dd>
          <dt className={s.fact}>Meaning</dt>
          <dd>{sig.meaning}</dd>
          <dt className={s.fact}>Signed at</dt>
          <dd>
            <time dateTime={sig.signed_at}>{dateTimeUtc(sig.signed_at)}</time>
          </dd>
          <dt className={s.fact}>Record</dt>
          <dd>
            {sig.entity_label}, version {sig.version}
          </dd>
          <dt className={s.fact}>Since signing</dt>
          <dd>{sig.changed_since ? <span className={s.changed}>changed since (latest version {sig.latest_version})</span> : "Unchanged: the signed version is the latest"}</dd>
          <dt className={s.fact}>Organization</dt>
          <dd>{sig.organization_name}</dd>
          <dt className={s.fact}>SHA-256</dt>
          <dd className={ui.mono} data-sha256="">
            {sig.content_hash}
          </dd>
        </dl>
        <details style={{ marginTop: 16 }}>
          <summary>The signed statement</summary>
          <p className={ui.small}>
            The statement below is signed with the records service's Ed25519 key (its public key: <code>GET /v1/signature/key</code> of the ops API). Check a
            downloaded PDF or manifest offline with <code>npm run signature:verify -- file.pdf</code>.
          </p>
          <pre className={ui.mono} style={{ whiteSpace: "pre-wrap" }}>
            {sig.statement}
          </pre>
          <p className={ui.small} style={{ marginBottom: 0 }}>
            Signature (Ed25519, base64): <span className={ui.mono}>{sig.statement_signature}</span>
          </p>
        </details>
      </section>
      <div className={s.checks}>
        <section className={ui.card} aria-labelledby="check-sha-title">
          <h2 id="check-sha-title" className={ui.cardTitle}>
            Compare a SHA-256
          </h2>
          {d.check === "match" ? (
            <p className={ui.alert.success} role="status">
              It matches: the content you hold is the signed version's.
            </p>
          ) : d.check === "differs" ? (
            <p className={ui.alert.error} role="alert">
              It does not match: the content you hold is not the signed version's.
            </p>
          ) : null}
          <Form method="get" className={s.checkForm}>
            <div className={ui.field} style={{ flex: "1 1 220px", marginBottom: 0 }}>
              <label className={ui.label} htmlFor="verify-sha">
                SHA-256 of the record's content
              </label>
              <input
                id="verify-sha"
                name="sha256"
                defaultValue={d.typedSha}
                required
                maxLength={80}
                autoComplete="off"
                spellCheck={false}
                className={`${ui.input} ${ui.mono}`}
                aria-invalid={d.check === "invalid" ? true : undefined}
                aria-describedby={d.check === "invalid" ? "verify-sha-error" : undefined}
              />
              {d.check === "invalid" ? (
                <p id="verify-sha-error" className={ui.errorText}>
                  A SHA-256 is 64 hexadecimal characters.
                </p>
              ) : null}
            </div>
            <button type="submit" className={ui.button.secondary}>
              Compare
            </button>
          </Form>
        </section>
        <section className={ui.card} aria-labelledby="check-code-title">
          <h2 id="check-code-title" className={ui.cardTitle}>
            Another signature
          </h2>
          <CodeForm typed="" error={null} label="Verification code" />
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
