// The profile page for the server's markup only (profile.$id.$tab.tsx): the bundle leaves it out.
export { ProfilePage } from "./__profile-view";
