export default function Index() {
  return <main><h1>AeroRecords</h1></main>;
}
