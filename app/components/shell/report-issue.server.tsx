// The Report Issue form for the server render of the top bar's menu only: the browser fetches the
// form's code when the user comes near the menu (report-issue-menu.tsx), so its bundle leaves it out.
export { ReportIssueForm } from "./report-issue";
