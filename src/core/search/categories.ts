// Products by their kind (§15.1). People name the kind of product they use ("the CRM", "our tracker", "the
// warehouse", "error tracking") where tools carry the product's name (`hubspot-search-objects`, `jira_get`,
// `bigquery/query`). Each kind here matches the well-known products of that kind, one way and weakly: a
// "hubspot" query says nothing of CRMs in general, and a kind never outweighs the words of the task.

const KINDS: [string, string][] = [
  ["crm", "hubspot salesforce pipedrive zoho contact deal"],
  ["tracker", "jira linear issue"],
  ["warehouse", "bigquery snowflake redshift dataset sql"],
  ["wiki", "confluence notion"],
  ["chat", "slack teams discord"],
  ["flag", "launchdarkly feature"],
  ["coordinates", "geocode latitude longitude"],
  ["python", "code script"],
  ["kql", "kusto query log analytics"],
  ["promql", "prometheus query"],
  ["logql", "loki query"],
  ["xlsx", "excel spreadsheet"],
  ["docx", "word document"],
  ["bash", "command shell script"],
  ["shell", "command terminal"],
];

/** Kind word → the words of its products. */
export function kindWords(): [string, string[]][] {
  return KINDS.map(([kind, products]) => [kind, products.split(" ")]);
}
