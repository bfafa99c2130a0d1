// /storage/user (spec 000 §2 "Storage"): the user's access to the fleet's records: each aircraft with
// the user's own level (Edit Access, Super User, Read Access), and for one aircraft (?aircraft_id=) the
// USERS list with each user's access type ("No users to show" when empty).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { STORAGE_ROLES, aircraftUsers, getAircraft, listAircraft, parseId } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";
import { markupJson } from "~/utils/page-markup.server";
import { UserPage, type UserPageData } from "./__user-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const aircraftId = parseId(new URL(request.url).searchParams.get("aircraft_id"));
  const [fleet, selected] = await Promise.all([
    listAircraft(api, { perPage: 500 }),
    aircraftId ? Promise.all([getAircraft(api, aircraftId), aircraftUsers(api, aircraftId)]) : Promise.resolve(null),
  ]);
  const d: UserPageData = {
    me: { name: user.first_name || user.username, email: user.email },
    aircraft: fleet.aircrafts.map((a) => ({ id: a.id, name: a.name, msn: a.msn, registration: a.registration, access: a.access, organization: a.organization.name })),
    total: fleet.total,
    selected: selected ? { aircraft: { id: selected[0].aircraft.id, name: selected[0].aircraft.name, msn: selected[0].aircraft.msn }, users: selected[1].users } : null,
  };
  // The page is server markup (ADR 063).
  return markupJson({ context }, "page-storage-user", <UserPage d={d} />, {}, { headers: { "Cache-Control": "private, no-store" } });
}

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "My access · Records · AeroRecords" }];

export default function StorageUserRoute() {
  return <PageMarkup id="page-storage-user" />;
}
