// The Report Issue menu for the server render only (report-issue-menu.tsx): the browser fetches its
// code when the user comes near it, so its bundle leaves it out.
export { ReportIssueMenu } from "./report-issue";
