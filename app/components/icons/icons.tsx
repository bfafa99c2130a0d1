// Inline SVG icons (no icon font, nothing to download). 24x24 grid, stroke = currentColor.
// Each icon is its own module (svg.tsx is their frame): code for the browser imports the icons it
// shows from their modules, e.g. `import { SearchIcon } from "~/components/icons/search"`, so a page
// carries only those (issue 12; a module importing this list would carry all of them). Server-only
// markup may use this list.
export type { IconProps } from "./svg";
export { MenuIcon } from "./menu";
export { CloseIcon } from "./close";
export { ChevronLeftIcon } from "./chevron-left";
export { ChevronRightIcon } from "./chevron-right";
export { ChevronDownIcon } from "./chevron-down";
export { HomeIcon } from "./home";
export { PlaneIcon } from "./plane";
export { FolderIcon } from "./folder";
export { FileIcon } from "./file";
export { ReportIcon } from "./report";
export { ListIcon } from "./list";
export { LinkIcon } from "./link";
export { StarIcon } from "./star";
export { BellIcon } from "./bell";
export { BugIcon } from "./bug";
export { ExpandIcon } from "./expand";
export { ShrinkIcon } from "./shrink";
export { LogoutIcon } from "./logout";
export { SearchIcon } from "./search";
export { ChartIcon } from "./chart";
export { UsersIcon } from "./users";
export { UserIcon } from "./user";
export { SettingsIcon } from "./settings";
export { BuildingIcon } from "./building";
export { ShieldIcon } from "./shield";
export { MailIcon } from "./mail";
export { PhoneIcon } from "./phone";
export { PinIcon } from "./pin";
export { CheckIcon } from "./check";
export { ExternalIcon } from "./external";
export { GaugeIcon } from "./gauge";
export { DropIcon } from "./drop";
export { WrenchIcon } from "./wrench";
export { InboxIcon } from "./inbox";
export { KeyIcon } from "./key";
export { ChatIcon } from "./chat";
export { BookmarkIcon } from "./bookmark";
export { GridIcon } from "./grid";
export { AlertIcon } from "./alert";
export { ShareIcon } from "./share";
export { DownloadIcon } from "./download";
export { ClockIcon } from "./clock";
export { LayersIcon } from "./layers";
