// A value names its attribute (§15.1). People say the value they want ("rotate to landscape", "make it
// bold", "invoices in EUR") where tools name the attribute they set (`set_orientation`, `format_text`,
// `currency`). Each value here is a common value of an attribute tools have; the query word also matches the
// attribute's words, one way (an "orientation" query says nothing of landscape).

const VALUES: [string, string][] = [
  ["landscape portrait", "orientation rotate"],
  ["bold italic underline strikethrough", "format style text"],
  ["uppercase lowercase", "case format text"],
  ["eur usd gbp jpy chf cad aud inr cny dollars euros pounds", "currency"],
  ["public private internal", "visibility permission"],
  ["urgent", "priority"],
  ["english french german spanish italian portuguese japanese chinese korean russian", "language translate"],
  ["utc gmt pst est cet", "timezone time"],
  ["dark light", "theme mode"],
  ["red green blue yellow orange purple pink black white grey gray", "color"],
  ["mp4 mov webm", "video format"],
  ["mp3 wav ogg", "audio format"],
  ["png jpeg jpg webp gif svg", "image format"],
  ["pdf csv xlsx docx markdown", "export format"],
  ["iphone ipad android pixel galaxy", "device mobile emulate"],
  ["mobile tablet desktop", "viewport device"],
  ["kilometers miles meters", "distance"],
  ["celsius fahrenheit", "temperature weather"],
  // The weather people ask about ("will it rain tomorrow") is a forecast's value.
  ["rain raining rainy snow snowing sunny cloudy windy stormy umbrella", "weather forecast"],
  ["daily weekly monthly hourly yearly", "recurrence schedule"],
];

/** Value word → its attribute's words. */
export function attributeWords(): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const [values, attribute] of VALUES) {
    const words = attribute.split(" ");
    for (const v of values.split(" ")) out.push([v, words]);
  }
  return out;
}
