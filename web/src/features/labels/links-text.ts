/** "1 link", "1,204 links": how many links carry a tag or sit in a folder. */
export const linksText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'link' : 'links'}`;
