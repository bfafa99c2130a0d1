// The profile's tabs and their labels: the page's title (the routes' meta) and its tab bar.
import type { PROFILE_TABS } from "~/models/consultant-rules";

export type Tab = (typeof PROFILE_TABS)[number];
export const TAB_LABEL: Record<Tab, string> = { overview: "Overview", documents: "Documents", projects: "Projects", resume: "Resume" };
