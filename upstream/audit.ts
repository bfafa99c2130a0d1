import type { Audit } from "./context";
import type { DB } from "./db";

export function createAudit(db: DB): Audit {
  return {
    async log(e) {
      await db
        .insertInto("audit_log")
        .values({
          user_id: e.userId,
          action: e.action,
          entity: e.entity,
          entity_id: e.entityId == null ? null : String(e.entityId),
          organization_id: e.organizationId ?? null,
          detail: JSON.stringify(e.detail ?? {}),
          ip: e.ip ?? null,
        })
        .execute();
    },
  };
}
