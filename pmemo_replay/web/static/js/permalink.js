// A judged log's page: its address becomes the log's permalink, so a reload or a shared link shows the same ruling.
const link = document.getElementById("judge-permalink");
if (link && window.location.pathname !== link.pathname) {
  const url = new URL(link.href);
  url.search = window.location.search;
  window.history.replaceState(null, "", url);
}
