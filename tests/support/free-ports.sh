# Sourced by the server scripts (zk-server.sh, redis-servers.sh): free loopback ports for test
# servers. The caller defines die().

port_is_free() {
  ! timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

# Ports below the kernel's ephemeral range (32768+) so outgoing connections never take them.
# Picked at random and probed; a race with another process shows when the server fails to bind.
pick_free_ports() {
  local count=$1 picked=() port tries=0
  while (( ${#picked[@]} < count )); do
    (( ++tries < 1000 )) || die "no free loopback port found"
    port=$(( 20000 + (RANDOM * 32768 + RANDOM) % 12000 ))
    [[ " ${picked[*]} " == *" $port "* ]] && continue
    port_is_free "$port" && picked+=("$port")
  done
  echo "${picked[@]}"
}
