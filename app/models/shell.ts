// The shell's labels and the rules the browser needs (browser-safe, small: pages import ROLE_LABEL
// from here). The side navigation per role and product and the URL rules are in shell-nav.ts.
import type { Role } from "./roles";

export type Area = "storage" | "ops" | "oil" | "admin" | "consultant" | "client" | "account";
export type Product = "storage" | "ops" | "oil";

export const PRODUCT_NAME: Record<Product, string> = { storage: "AeroBOX", ops: "AeroOPS", oil: "AeroOIL" };

/** Overview pages hide the product switcher (spec 000 §2 "hidden on some overview pages"). */
export const SWITCHER_HIDDEN_ON = [/^\/storage(?:\/uef)?\/overview\/?$/i, /^\/aeroops\/org\/?$/i, /^\/aerooil\/org\/?$/i, /^\/aero-box\/?$/i];
export const switcherHiddenOn = (pathname: string) => SWITCHER_HIDDEN_ON.some((re) => re.test(pathname));

export const ROLE_LABEL: Record<Role, string> = {
  admin: "Administrator",
  member: "Member",
  client: "Client",
  consultant: "Consultant",
  ops_template: "Template manager",
};
