import { startFakeWordPress } from "./fakeWordPress";

/** The fake news site on its own, for the browser tests and by hand: `npx tsx tests/fakes/wordpress/main.ts`, then LATEST_POSTS_SITE=its address. */
const port = Number(process.env.FAKE_WORDPRESS_PORT ?? 5104);
const { url, close } = await startFakeWordPress(port);
console.log(`Fake WordPress site answering at ${url}/wp-json/wp/v2/posts`);
const stop = () => void close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
